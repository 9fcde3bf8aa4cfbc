import { describe, expect, it } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import { addressNotes, countMailboxes, domainMail, lookAlikeWarning } from './address-notes.ts';
import type { LookupResult } from './lookup-result.ts';

/** gmial.com as the disposable list names it: squatters catch mail on it. */
const GMIAL_INFO = classify('gmial.com') as WebmailInfo;

const fromApi = { source: 'api', fetchedAt: 0 } as const;
const found = (info: WebmailInfo, source: 'api' | 'catalog' = 'api'): LookupResult => ({
  state: 'found',
  info,
  ...fromApi,
  source,
});
const notFound = (reason: 'no-mx' | 'unrecognised' | 'unstated'): LookupResult => ({
  state: 'not-found',
  reason,
  message: 'Not found',
  ...fromApi,
});

describe('what an address says of itself', () => {
  it('a typo of a big provider: the address it meant, no shared inbox, its own mailbox', () => {
    expect(addressNotes('jane@gmial.com')).toEqual({
      didYouMean: 'jane@gmail.com',
      role: false,
      mailbox: 'jane@gmial.com',
    });
  });

  it('a real domain near a provider is not corrected (mail.de, comcast.com)', () => {
    expect(addressNotes('jane@mail.de').didYouMean).toBeNull();
    expect(addressNotes('jane@comcast.com').didYouMean).toBeNull();
  });

  it('a shared inbox is marked; a name that looks like a role is a person', () => {
    expect(addressNotes('info@acme.com').role).toBe(true);
    expect(addressNotes('bill@acme.com').role).toBe(false);
  });

  it('two spellings of one Gmail mailbox reach the same mailbox', () => {
    expect(addressNotes('Jane.Doe+news@googlemail.com').mailbox).toBe('janedoe@gmail.com');
    expect(addressNotes('janedoe@gmail.com').mailbox).toBe('janedoe@gmail.com');
  });
});

describe('whether the domain as written takes mail, by the lookup the card made', () => {
  it("the service's answer naming a provider: it takes mail", () => {
    expect(domainMail(found(GMIAL_INFO))).toBe('takes-mail');
  });

  it('a 404 for mail servers no provider is known by, or with no reason given: it takes mail', () => {
    expect(domainMail(notFound('unrecognised'))).toBe('takes-mail');
    expect(domainMail(notFound('unstated'))).toBe('takes-mail');
  });

  it('a 404 for no MX: it takes no mail', () => {
    expect(domainMail(notFound('no-mx'))).toBe('takes-no-mail');
  });

  it('the built-in catalog knows names, not mail servers; errors and a lookup under way say nothing', () => {
    expect(domainMail(found(GMIAL_INFO, 'catalog'))).toBe('unknown');
    expect(domainMail(null)).toBe('unknown');
    expect(domainMail({ state: 'no-key' })).toBe('unknown');
    expect(domainMail({ state: 'unreachable', message: 'down' })).toBe('unknown');
  });
});

describe('the look-alike warning', () => {
  it('a typo whose domain takes mail: mail may reach someone else', () => {
    expect(lookAlikeWarning('jane@gmial.com', found(GMIAL_INFO))).toBe('may-reach-someone-else');
    expect(lookAlikeWarning('jane@gmal.com', notFound('unrecognised'))).toBe('may-reach-someone-else');
  });

  it('a typo whose domain takes no mail: no warning (the verdict says it will bounce)', () => {
    expect(lookAlikeWarning('jane@gmal.com', notFound('no-mx'))).toBeNull();
  });

  it('a typo before the lookup has said, or answered by the catalog: no warning yet', () => {
    expect(lookAlikeWarning('jane@gmial.com', null)).toBeNull();
    expect(lookAlikeWarning('jane@gmial.com', found(GMIAL_INFO, 'catalog'))).toBeNull();
  });

  it('no typo: no warning, whatever the domain takes', () => {
    expect(lookAlikeWarning('jane@acme.com', notFound('unrecognised'))).toBeNull();
  });
});

describe('addresses by mailbox', () => {
  it('counts the spellings of one mailbox once', () => {
    // A custom domain's mailbox is not guessed: its own server decides whether case matters.
    const addresses = ['Jane.Doe+news@googlemail.com', 'bob@acme.com', 'janedoe@gmail.com', 'Bob@acme.com'];
    expect(countMailboxes(addresses)).toBe(3);
  });

  it('no addresses, no mailboxes', () => {
    expect(countMailboxes([])).toBe(0);
  });
});
