import { describe, expect, it } from 'vitest';
import { addressRows } from '#address-table/rows.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { filterRows, groupRows, summarize } from './address-list.ts';

const found = (info: Partial<typeof HOSTED_GMAIL_INFO>): LookupResult => ({
  state: 'found',
  info: { ...HOSTED_GMAIL_INFO, ...info },
  source: 'api',
  fetchedAt: 0,
});

const RESULTS: Record<string, LookupResult | null> = {
  'gmail.com': found({}),
  'duck.com': found({
    nice_name: 'DuckDuckGo Email Protection',
    is_freemail: false,
    is_privacy_service: true,
  }),
  'mailinator.com': found({ nice_name: 'Mailinator', is_freemail: true, is_disposable: true }),
  'acme.example.com': found({ nice_name: 'Microsoft 365', name: 'Microsoft (365)', is_freemail: false }),
  'gone.example': { state: 'not-found', reason: 'no-mx', message: 'x', source: 'api', fetchedAt: 0 },
};
const ROWS = addressRows(
  [
    'zed@gmail.com',
    'amy@gmail.com',
    'x7k2@duck.com',
    'temp@mailinator.com',
    'ceo@acme.example.com',
    'who@gone.example',
    'later@wait.example',
  ],
  RESULTS,
  'from:{address}',
);
const addresses = (rows: { address: string }[]) => rows.map((row) => row.address);

describe('the popup’s list of a tab’s addresses', () => {
  it('adds up addresses, domains and flags, and says how many have no answer yet or none', () => {
    expect(summarize(ROWS)).toEqual({
      addresses: 7,
      domains: 6,
      mailboxes: 7,
      sharedInboxes: 1,
      freeMail: 3,
      disposable: 1,
      privacyRelays: 1,
      notLookedUp: 1,
      noAnswer: 1,
    });
  });

  it('filters by address, domain or provider, ignoring case', () => {
    expect(addresses(filterRows(ROWS, ' ZED'))).toEqual(['zed@gmail.com']);
    expect(addresses(filterRows(ROWS, 'example.com'))).toEqual(['ceo@acme.example.com']);
    expect(addresses(filterRows(ROWS, 'microsoft'))).toEqual(['ceo@acme.example.com']);
    expect(addresses(filterRows(ROWS, 'duckduckgo'))).toEqual(['x7k2@duck.com']);
    expect(filterRows(ROWS, '  ')).toHaveLength(ROWS.length);
    expect(filterRows(ROWS, 'nothing-like-it')).toEqual([]);
  });

  it('keeps the page’s order in one group', () => {
    const [all, ...more] = groupRows(ROWS, 'page');
    expect(more).toEqual([]);
    expect(all?.kind).toBe('all');
    expect(addresses(all?.rows ?? [])).toEqual(addresses(ROWS));
    expect(groupRows([], 'page')).toEqual([]);
  });

  it('groups by provider, the largest first, addresses sorted, the unanswered last', () => {
    const groups = groupRows(ROWS, 'provider');
    expect(groups.map((group) => [group.kind, group.name, addresses(group.rows)])).toEqual([
      ['provider', 'Gmail', ['amy@gmail.com', 'zed@gmail.com']],
      ['provider', 'DuckDuckGo Email Protection', ['x7k2@duck.com']],
      ['provider', 'Mailinator', ['temp@mailinator.com']],
      ['provider', 'Microsoft 365', ['ceo@acme.example.com']],
      ['no-answer', '', ['who@gone.example']],
      ['not-looked-up', '', ['later@wait.example']],
    ]);
  });

  it('groups by flag, each address under its verdict: its strongest flag, or business mail', () => {
    const groups = groupRows(ROWS, 'flag');
    expect(groups.map((group) => [group.kind, addresses(group.rows)])).toEqual([
      ['disposable', ['temp@mailinator.com']],
      ['privacy-relay', ['x7k2@duck.com']],
      ['free-mail', ['amy@gmail.com', 'zed@gmail.com']],
      ['business-mail', ['ceo@acme.example.com']],
      ['no-answer', ['who@gone.example']],
      ['not-looked-up', ['later@wait.example']],
    ]);
  });

  it('sorts a group’s addresses as a person reads them: 2 before 10', () => {
    const rows = addressRows(['a10@gmail.com', 'a2@gmail.com', 'a1@gmail.com'], RESULTS, '{address}');
    expect(addresses(groupRows(rows, 'provider')[0]?.rows ?? [])).toEqual([
      'a1@gmail.com',
      'a2@gmail.com',
      'a10@gmail.com',
    ]);
  });

  it('groups by domain', () => {
    expect(groupRows(ROWS, 'domain').map((group) => group.name)).toEqual([
      'gmail.com',
      'acme.example.com',
      'duck.com',
      'gone.example',
      'mailinator.com',
      'wait.example',
    ]);
  });

  describe('by what the addresses say of themselves', () => {
    const spellings = addressRows(
      [
        'janedoe@gmail.com',
        'info@acme.example.com',
        'Jane.Doe+news@googlemail.com',
        'amy@gmail.com',
        'sales@acme.example.com',
        'j.a.n.e.d.o.e@gmail.com',
        'zed+x@proton.me',
        'zed@proton.me',
      ],
      RESULTS,
      '{address}',
    );

    it('counts mailboxes, two spellings of one once, and shared inboxes', () => {
      expect(summarize(spellings)).toMatchObject({ addresses: 8, mailboxes: 5, sharedInboxes: 2 });
    });

    it('groups the spellings of one mailbox, the most first; a mailbox written one way among the rest', () => {
      const groups = groupRows(spellings, 'mailbox');
      expect(groups.map((group) => [group.kind, group.name, addresses(group.rows)])).toEqual([
        [
          'mailbox',
          'janedoe@gmail.com',
          ['j.a.n.e.d.o.e@gmail.com', 'Jane.Doe+news@googlemail.com', 'janedoe@gmail.com'],
        ],
        ['mailbox', 'zed@proton.me', ['zed@proton.me', 'zed+x@proton.me']],
        ['other', '', ['amy@gmail.com', 'info@acme.example.com', 'sales@acme.example.com']],
      ]);
    });

    it('sets shared inboxes apart, first, whether or not their domain was looked up', () => {
      const groups = groupRows(spellings, 'role');
      expect(groups.map((group) => [group.kind, group.rows.length])).toEqual([
        ['role', 2],
        ['other', 6],
      ]);
      expect(addresses(groups[0]?.rows ?? [])).toEqual(['info@acme.example.com', 'sales@acme.example.com']);
    });
  });
});
