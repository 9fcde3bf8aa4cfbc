// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTLOOK_WEB_HOSTS } from '#core/outlook-web.ts';
import { REPORT_DEBOUNCE_MS } from '#extension/limits.ts';
import { createPageScanner, type ScanContext } from '#page/page-scanner.ts';
import { OUTLOOK_LIKE_ON_LOAD as ON_LOAD } from '#test/fixtures/outlook-like.ts';
import { addressSources } from './index.ts';
import { addressStoodFor, outlookPeople } from './outlook.ts';

/** The Outlook-like page, without its script (the test opens a conversation itself, as that script would). */
const PAGE = readFileSync(
  resolve(import.meta.dirname, '../../../test/fixtures/pages/outlook-like.html'),
  'utf8',
)
  .replace(/<!doctype html>/i, '')
  .replace(/<script>[\s\S]*?<\/script>/g, '');

const stops: (() => void)[] = [];

/** The scanner's context: timers that stop when the test ends. */
function context(): ScanContext {
  return {
    setTimeout: (handler: () => void, ms?: number) => window.setTimeout(handler, ms),
    requestIdleCallback: (callback: IdleRequestCallback) => window.requestIdleCallback(callback),
    onInvalidated: (callback: () => void) => stops.push(callback),
  };
}

/** The fixture page on an Outlook host, read with the sources in force there, and what it last reported. */
async function scanOutlookPage(options = { gmailIntegration: true, outlookIntegration: true }) {
  document.documentElement.innerHTML = PAGE;
  const reported = vi.fn<(addresses: string[]) => void>();
  const scanner = createPageScanner(context(), addressSources(options, 'outlook.office.com'), reported);
  scanner.start();
  await vi.waitFor(() => expect(reported).toHaveBeenCalled(), { timeout: REPORT_DEBOUNCE_MS + 3_000 });
  const last = () => [...(reported.mock.lastCall?.[0] ?? [])].sort();
  return { scanner, last };
}

/** The element that holds `text` as its own text. */
function elementWithText(text: string): Element {
  const found = [...document.querySelectorAll('span, div')].find((element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === text,
    ),
  );
  if (!found) throw new Error(`no element shows "${text}"`);
  return found;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.documentElement.innerHTML = '<head></head><body></body>';
});

describe('the address an Outlook attribute stands for', () => {
  it('is an address alone, or one person as Name <address>, after a field’s label in any language', () => {
    expect(addressStoodFor('From: Dana Reyes <dana@m365-customer.example.com>')).toBe(
      'dana@m365-customer.example.com',
    );
    expect(addressStoodFor('ois@uic.edu <ois@uic.edu>')).toBe('ois@uic.edu');
    expect(addressStoodFor('From: ois@uic.edu <ois@uic.edu>')).toBe('ois@uic.edu');
    expect(addressStoodFor('De : Jeanne <jeanne@Example.FR>')).toBe('jeanne@example.fr');
    expect(addressStoodFor(' jane.doe@gmail.com ')).toBe('jane.doe@gmail.com');
  });

  it('is none for a list of names, a row’s summary, a suggestion or a status', () => {
    expect(addressStoodFor('To: Sam Lee, Support')).toBeNull();
    expect(
      addressStoodFor('Unread Dana Reyes Renewal quote 10:02 Please write to billing@outlook.com'),
    ).toBeNull();
    expect(addressStoodFor('Sam Lee (sam@workspace-customer.example.com)')).toBeNull();
    expect(addressStoodFor('To: Sam <sam@workspace-customer.example.com>, Ola <ola@proton.me>')).toBeNull();
    expect(addressStoodFor('Available Sam Lee')).toBeNull();
  });
});

describe('Outlook on the web', () => {
  it('lists the message list’s senders, every open message’s sender and recipients, the persona card and the draft’s recipients', async () => {
    const { last } = await scanOutlookPage();
    expect(last()).toEqual(ON_LOAD);
    // The person's draft is theirs: an address typed and not yet resolved stays unread.
    expect(last()).not.toContain('typed@draft-only.example.com');
  });

  it('makes a name stand for its address: the sender shown by name only, a recipient, a list row’s sender, a draft’s chip', async () => {
    const { scanner } = await scanOutlookPage();
    const addressOf = (element: Element) => scanner.addressOfElement(element)?.address ?? null;
    const header = document.getElementById('MSG_m1_FROM') as Element;
    expect(addressOf(header.firstElementChild as Element)).toBe('dana@m365-customer.example.com');
    const to = document.getElementById('MSG_m1_TO') as Element;
    expect(addressOf(to.querySelector('[aria-label^="Sam Lee"]') as Element)).toBe(
      'sam@workspace-customer.example.com',
    );
    expect(addressOf(document.querySelector('#row-c2 [title]') as Element)).toBe('jane.doe@gmail.com');
    expect(addressOf(document.getElementById('chip-lee') as Element)).toBe(
      'lee@mimecast-workspace.example.com',
    );
  });

  it('makes nothing up: a directory user’s name, a row’s subject and the row itself stand for no address', async () => {
    const { scanner } = await scanOutlookPage();
    expect(scanner.addressOfElement(elementWithText('Support'))).toBeNull();
    expect(scanner.addressOfElement(elementWithText('Renewal quote'))).toBeNull();
    expect(scanner.addressOfElement(document.getElementById('row-c1'))).toBeNull();
    expect(outlookPeople.read(document.getElementById('row-c1') as Element)).toEqual([]);
  });

  it('follows the view: opening another conversation replaces the reading pane, and the list forgets what left it', async () => {
    const { last } = await scanOutlookPage();
    const conversation = document.getElementById('conversation-c2') as HTMLTemplateElement;
    document.getElementById('ReadingPaneContainerId')?.replaceChildren(conversation.content.cloneNode(true));
    document.getElementById('persona-layer')?.replaceChildren();
    await vi.waitFor(
      () =>
        expect(last()).toEqual([
          'dana@m365-customer.example.com',
          'jane.doe@gmail.com',
          'lee@mimecast-workspace.example.com',
          'mara@outlook-personal-domain.example.com',
          'x7k2@duck.com',
        ]),
      { timeout: REPORT_DEBOUNCE_MS * 10 + 3_000 },
    );
  });

  it('reads names only where the person keeps Outlook integration on', async () => {
    const { last } = await scanOutlookPage({ gmailIntegration: true, outlookIntegration: false });
    // What text and links show is still read; what only a name's attribute holds is not.
    expect(last()).toEqual(['billing@outlook.com', 'ola@proton.me', 'x7k2@duck.com']);
  });
});

describe('where the Outlook adapter runs', () => {
  const on = { gmailIntegration: false, outlookIntegration: true };
  it('on every host Outlook on the web is served from, and 21Vianet’s subdomains', () => {
    for (const host of [...OUTLOOK_WEB_HOSTS, 'OUTLOOK.OFFICE.COM', 'eu.partner.outlook.cn'])
      expect(addressSources(on, host), host).toContain(outlookPeople);
  });

  it('nowhere else, where a title holding an address is a tooltip', () => {
    for (const host of ['mail.example.com', 'outlook.office.com.evil.example', 'office.com', 'localhost'])
      expect(addressSources(on, host), host).not.toContain(outlookPeople);
  });
});
