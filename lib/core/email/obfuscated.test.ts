import { describe, expect, it } from 'vitest';
import type { FoundEmail } from './extract.ts';
import { extractObfuscatedEmails, findEmails, mayHoldAddress, SHORT_TEXT_LENGTH } from './obfuscated.ts';

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
    ['john dot smith at example.com', 'john.smith@example.com', 'words'],
    ['JANE [AT] EXAMPLE.COM', 'JANE@example.com', 'brackets'],
    // A written dot in capitals, as its `[AT]` is.
    ['JANE[AT]EXAMPLE[DOT]COM', 'JANE@example.com', 'brackets'],
    ['jane(at)example(Dot)org', 'jane@example.org', 'brackets'],
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

  it.each([
    ['a capitalised pronoun', 'Find Us at example dot com'],
    ['a pronoun before a spaced @', 'Find us @ example.com'],
    ['a site named in prose', 'Follow j.smith at Example.com for more'],
    ['a local part without a dot, a digit or two hyphens', 'Ask pippin at gimp.org for help'],
    ['a bracket on one side only', 'Peter <pippin at gimp.org and friends'],
    ['a parenthesis on one side only', 'Peter (pippin at gimp.org and friends'],
    ['a domain with no real TLD', 'jane [at] example [dot] notatld'],
    ['capitals on both sides of -AT-', 'JANE-AT-EXAMPLE.COM'],
  ])('is not an address: %s', (_case, text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['a dot in the local part', 'Ask j.doe at gimp.org for help', 'j.doe@gimp.org'],
    [
      'a mail header’s angle brackets',
      'Peter <dhmunro at users.sourceforge.net> wrote:',
      'dhmunro@users.sourceforge.net',
    ],
    ['a mail header’s parentheses', 'Greg Roelofs (roelofs at pobox.com) wrote:', 'roelofs@pobox.com'],
    ['spaces inside the brackets', 'Peter Pan < pippin at gimp.org >', 'pippin@gimp.org'],
    ['an uppercase AT in running text', 'Write to info AT example.com for more', 'info@example.com'],
    ['a capitalised local part with AT', 'JANE AT example.com', 'JANE@example.com'],
  ])('is an address in running text: %s', (_case, text, address) => {
    expect(found(text)).toEqual([address]);
  });

  it('ends a written address before the sentence’s full stop', () => {
    for (const text of ['jane [at] example [dot] com. Thanks', 'jane [at] example.com. Thanks']) {
      const [written] = extractObfuscatedEmails(text);
      expect(text.slice(written?.start, written?.end)).toBe(text.slice(0, text.indexOf('. ')));
    }
  });

  it('leaves the quotes around a written address out of it', () => {
    const text = "'jane [at] example [dot] com'";
    const [written] = extractObfuscatedEmails(text);
    expect(written?.address).toBe('jane@example.com');
    expect(text.slice(written?.start, written?.end)).toBe('jane [at] example [dot] com');
  });

  it('finds written and plain addresses in the order they are written', () => {
    expect(found('bob [at] example [dot] org or jane@example.com')).toEqual([
      'bob@example.org',
      'jane@example.com',
    ]);
  });

  it('keeps an address whose spam marker cannot be taken out cleanly', () => {
    expect(found('jane.NOSPAM@example.com')).toEqual(['jane.NOSPAM@example.com']);
  });

  it.each(['Ask pippin at gimp.org> now', 'Ask pippin at gimp.org) now'])(
    'takes a closing bracket alone for no mail header: %s',
    (text) => {
      expect(found(text)).toEqual([]);
    },
  );

  it('finds an address once when a window ends at its separator', () => {
    const text = 'Write to jane [at] example [dot] com today';
    const at = text.indexOf('[at]');
    expect([...findEmails(text, 0, at), ...findEmails(text, at)]).toEqual(findEmails(text));
    expect(findEmails(text)).toHaveLength(1);
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

describe('how far a written address reaches', () => {
  const spaces = (count: number) => ' '.repeat(count);

  it('has a local part of at most 64 characters past its leading punctuation, never the tail of a longer one', () => {
    expect(found(`${'a'.repeat(64)} [at] example.com`)).toEqual([`${'a'.repeat(64)}@example.com`]);
    expect(found(`${'a'.repeat(65)} [at] example.com`)).toEqual([]);
    expect(found(`${'a'.repeat(62)} minus b [at] example.com`)).toHaveLength(1);
    expect(found(`${'a'.repeat(63)} minus b [at] example.com`)).toEqual([]);
  });

  it('has a local part spanning at most 128 characters as written, its leading punctuation included', () => {
    expect(found(` ${'-'.repeat(124)}jane [at] example.com`)).toEqual(['jane@example.com']);
    expect(found(` ${'-'.repeat(125)}jane [at] example.com`)).toEqual([]);
  });

  it('has a domain spanning at most 506 characters as written', () => {
    const wide = `${spaces(20)}dot${spaces(20)}b`.repeat(11);
    expect(found(`jane [at] a${wide}.${'c'.repeat(16)}.com`)).toHaveLength(1);
    expect(found(`jane [at] a${wide}.${'c'.repeat(17)}.com`)).toEqual([]);
  });

  it('spans at most 64 characters of white space at one place', () => {
    expect(found(`jane${spaces(64)}[at] example.com`)).toEqual(['jane@example.com']);
    expect(found(`jane${spaces(65)}[at] example.com`)).toEqual([]);
    expect(found(`jane [at]${spaces(64)}example.com`)).toEqual(['jane@example.com']);
    expect(found(`jane [at]${spaces(65)}example.com`)).toEqual([]);
    expect(found(`jane [${spaces(64)}at] example.com`)).toEqual(['jane@example.com']);
    expect(found(`jane [${spaces(65)}at] example.com`)).toEqual([]);
    expect(found(`jane [at] example${spaces(64)}dot com`)).toEqual(['jane@example.com']);
    expect(found(`jane [at] example${spaces(65)}dot com`)).toEqual([]);
  });

  it('takes a bare `at` as the whole of its text past at most 64 characters of white space', () => {
    expect(found(`${spaces(64)}pippin at gimp.org${spaces(64)}`)).toEqual(['pippin@gimp.org']);
    expect(found(`${spaces(65)}pippin at gimp.org`)).toEqual([]);
    expect(found(`pippin at gimp.org${spaces(65)}`)).toEqual([]);
  });

  it('reads a separator inside the domain of the address before it as part of that domain', () => {
    expect(found('x-AT-a.b-AT-c.com')).toEqual(['x@a.b-at-c.com']);
  });

  /** Texts whose addresses reach as far as a separator's reading may, around and beyond a window. */
  const FAR_REACHING = [
    `${spaces(60)}jane.doe at example.org`,
    `${'-'.repeat(120)}jane [at] example.com or bob at example.com`,
    `x-AT-a${`${spaces(8)}dot${spaces(8)}a`.repeat(20)}-AT-c.com`,
    `jane at a${`${spaces(20)}[dot]${spaces(20)}b`.repeat(9)}.${'c'.repeat(40)}.com${spaces(64)}[${spaces(64)}dot${spaces(64)}]${spaces(64)}b.com`,
  ];

  it.each(FAR_REACHING)('reads a text in two windows as in one, wherever they meet: %#', (text) => {
    const inOrder = (found: FoundEmail[]) => found.map(({ address, start }) => `${start} ${address}`).sort();
    const whole = inOrder(findEmails(text));
    for (let cut = 0; cut <= text.length; cut++)
      expect(inOrder([...findEmails(text, 0, cut), ...findEmails(text, cut)]), `cut at ${cut}`).toEqual(
        whole,
      );
  });
});

describe('mayHoldAddress, the scanner’s first look at a text', () => {
  it.each([
    'jane@example.com',
    'jane[at]example.com',
    'jane(at)example.com',
    'jane{at}example.com',
    'jane[AT]example.com',
    'jane(AT)example.com',
    'jane{AT}example.com',
    'jane[At]example.com',
    'jane(At)example.com',
    'jane [ at ] example.com',
    'jane ( at ) example.com',
    'jane AT example.com',
    'jane-AT-example.com',
    'jane_AT_example.com',
    'jane at example dot com',
    'jane at example DOT com',
    'jane at example[dot]com',
    'jane at example(dot)com',
  ])('says yes to %j', (text) => {
    const padded = `${text} ${'and some words after it, '.repeat(4)}`;
    expect(padded.length).toBeGreaterThan(SHORT_TEXT_LENGTH);
    expect(mayHoldAddress(padded)).toBe(true);
  });

  it('takes a bare `at` in a short text or beside a bracket, and not in a long one', () => {
    const short = 'pippin at gimp.org';
    expect(mayHoldAddress(short)).toBe(true);
    expect(mayHoldAddress('pippin\u00a0at\u00a0gimp.org')).toBe(true);
    const long = `${'We will meet you at the station and walk to the hall '.repeat(2)}`;
    expect(long.length).toBeGreaterThan(SHORT_TEXT_LENGTH);
    expect(mayHoldAddress(long)).toBe(false);
    expect(mayHoldAddress(`${long} Peter <dhmunro at users.sourceforge.net>`)).toBe(true);
    expect(mayHoldAddress(`${long} (dhmunro at users.sourceforge.net)`)).toBe(true);
  });

  it('counts a text as short below SHORT_TEXT_LENGTH characters', () => {
    const text = (length: number) => `jane at example.com ${'x'.repeat(length - 20)}`;
    expect(mayHoldAddress(text(SHORT_TEXT_LENGTH - 1))).toBe(true);
    expect(mayHoldAddress(text(SHORT_TEXT_LENGTH))).toBe(false);
  });

  it('says no to text without a marker', () => {
    expect(mayHoldAddress('No address here, only words and numbers like 42.')).toBe(false);
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
