import { describe, expect, it } from 'vitest';
import { extractObfuscatedEmails, findEmails, mayHoldAddress } from './obfuscated.ts';

const found = (text: string) => findEmails(text).map(({ address }) => address);

describe('addresses written for people', () => {
  it.each([
    // Each as seen on a real page of the corpus (test/fixtures/real-pages), or in the form its site writes.
    ['tmcdonnell [at] motherjones [dot] com', 'tmcdonnell@motherjones.com', 'brackets'],
    ['agreenberg  (at) forbes.com', 'agreenberg@forbes.com', 'brackets'],
    ['afederic <afederic[at]gmail[dot]com>', 'afederic@gmail.com', 'brackets'],
    ['minorlogic{at}yahoo{dot}com', 'minorlogic@yahoo.com', 'brackets'],
    ['kardel (at) ntp (dot) org', 'kardel@ntp.org', 'brackets'],
    ['enrico(dot)troeger(at)uvena(dot)de', 'enrico.troeger@uvena.de', 'brackets'],
    ['wireshark-dev[AT]wireshark.org', 'wireshark-dev@wireshark.org', 'brackets'],
    ['Acho A. Tang (acho at telus dot net).', 'acho@telus.net', 'words'],
    ["please contact me at 'mario AT edu DOT xunta DOT es'.", 'mario@edu.xunta.es', 'words'],
    [
      'Vito Smolej unter vitosmolej AT users DOT sourceforge DOT net zu kontaktieren',
      'vitosmolej@users.sourceforge.net',
      'words',
    ],
    ['hostyle AT csn.ul.ie', 'hostyle@csn.ul.ie', 'words'],
    ['maurizio DOT colucci AT gmail DOT com', 'maurizio.colucci@gmail.com', 'words'],
    ['sebastian.egner-AT-philips.com', 'sebastian.egner@philips.com', 'words'],
    ['pippin at gimp.org', 'pippin@gimp.org', 'list'],
    ['Peter <dhmunro at users.sourceforge.net>', 'dhmunro@users.sourceforge.net', 'list'],
    ['send mail to rand-mh-devel at lists.sourceforge.net.', 'rand-mh-devel@lists.sourceforge.net', 'list'],
    ['ufleisch\u00a0at\u00a0users.sourceforge.net', 'ufleisch@users.sourceforge.net', 'list'],
    ['roelofs\u00a0@\u00a0pobox.com', 'roelofs@pobox.com', 'spaced'],
    ['Published by Greg Roelofs, roelofs\u00a0@\u00a0pobox.com.', 'roelofs@pobox.com', 'spaced'],
    // Wrapped across the source's lines, which the page renders as spaces.
    ['came from bluebird (at)\ndartmouth (dot) edu, and tjw.', 'bluebird@dartmouth.edu', 'brackets'],
    [
      'the developer list - user-mode-linux-devel at\nlists dot sourceforge dot net',
      'user-mode-linux-devel@lists.sourceforge.net',
      'words',
    ],
  ])('%s', (text, address, form) => {
    expect(found(text)).toEqual([address]);
    const [written] = extractObfuscatedEmails(text);
    expect(written?.form).toBe(form);
    // The offsets cover the address as written, for the underline.
    expect(found(text.slice(written?.start, written?.end))).toEqual([address]);
  });

  it.each([
    ['meet me at example.com'],
    ['Science editor at msnbc.com, author of "The Case for Pluto"'],
    ['With text, videos and slideshows, Sports at IBTimes.com covers international sports'],
    ['More culture at Wired.com'],
    ['Look at example.com for details'],
    ['THE MEETING IS AT HOTEL DOT COM'],
    ['follow us @ twitter'],
    ['meet @ 10am tomorrow'],
    ['the state-at-risk programme'],
    ['Arrive at 9 at the gate.'],
  ])('prose is not an address: %s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('takes out the markers people put in to spoil harvesting', () => {
    expect(found('mailto:manu@REMOVEMEcrans.ens-cachan.fr')).toEqual(['manu@crans.ens-cachan.fr']);
    expect(found('write to jane@NOSPAM.example.com')).toEqual(['jane@example.com']);
  });

  it('finds plain and written addresses together, in order', () => {
    expect(found('jane@example.com or bob [at] example [dot] org')).toEqual([
      'jane@example.com',
      'bob@example.org',
    ]);
  });

  it('reads a text in windows as in one go', () => {
    const text = `${'x '.repeat(40)}jane [at] example [dot] com ${'y '.repeat(40)}bob at example dot org`;
    const whole = findEmails(text);
    const windows = [0, 30, 60, 90, 120, text.length];
    const windowed = windows.slice(1).flatMap((end, i) => findEmails(text, windows[i], end));
    expect(windowed).toEqual(whole);
    expect(whole.map(({ address }) => address)).toEqual(['jane@example.com', 'bob@example.org']);
  });
});

describe('which texts may hold an address', () => {
  it.each([
    ['jane@example.com', true],
    ['tmcdonnell [at] motherjones [dot] com', true],
    ['sebastian.egner-AT-philips.com', true],
    ['pippin at gimp.org', true],
    ['ufleisch\u00a0at\u00a0users.sourceforge.net', true],
    ['Nothing to see here, just words.', false],
  ])('%s: %s', (text, may) => {
    expect(mayHoldAddress(text)).toBe(may);
  });

  it('counts a bare `at` only in a short text or beside a bracket, as the list form is found', () => {
    const prose = 'We met at the station and walked together for a while, talking of nothing much at all.';
    expect(mayHoldAddress(prose)).toBe(false);
    expect(mayHoldAddress(`${prose} (pippin at gimp.org)`)).toBe(true);
    expect(mayHoldAddress(`${prose} <pippin at gimp.org>`)).toBe(true);
  });

  it('takes each marker literally, brackets and all', () => {
    expect(
      mayHoldAddress('a list [a, t] of letters, and (d o t) spaced out, long enough to need a marker.'),
    ).toBe(false);
  });
});
