import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import type { LookupResult } from './lookup-result.ts';
import { FOUND_VERDICTS, flagsOf, foundVerdict, verdictOf } from './verdict.ts';

const found = (domain: string, mx?: string[]): LookupResult => {
  const info = classify(domain, mx);
  if (!info) throw new Error(`the catalog does not know ${domain}`);
  return { state: 'found', info, source: 'api', fetchedAt: 0 };
};
const notFound = (reason: 'no-mx' | 'unrecognised' | 'unstated'): LookupResult => ({
  state: 'not-found',
  reason,
  message: 'x',
  source: 'api',
  fetchedAt: 0,
});

describe('what an answer is', () => {
  it('takes the flags from the API’s names for them', () => {
    expect(flagsOf({ ...HOSTED_GMAIL_INFO, is_disposable: true, is_privacy_service: false })).toEqual({
      disposable: true,
      freeMail: true,
      privacyRelay: false,
    });
  });

  it.each([
    ['gmail.com', 'free-mail'],
    ['duck.com', 'privacy-relay'],
    ['mailinator.com', 'disposable'],
  ])('%s: %s', (domain, verdict) => {
    expect(verdictOf(found(domain))).toBe(verdict);
  });

  it('a company domain on Microsoft 365 is business mail', () => {
    expect(verdictOf(found('acme.example.com', ['acme-example-com.mail.protection.outlook.com']))).toBe(
      'business-mail',
    );
  });

  it('the strongest flag set decides: disposable over relay over free mail, business mail for none', () => {
    const flags = fc.record({ disposable: fc.boolean(), freeMail: fc.boolean(), privacyRelay: fc.boolean() });
    fc.assert(
      fc.property(flags, (set) => {
        const expected = set.disposable
          ? 'disposable'
          : set.privacyRelay
            ? 'privacy-relay'
            : set.freeMail
              ? 'free-mail'
              : 'business-mail';
        expect(foundVerdict(set)).toBe(expected);
      }),
    );
    expect(FOUND_VERDICTS).toEqual(['disposable', 'privacy-relay', 'free-mail', 'business-mail']);
  });

  it('tells a domain that takes no mail from a mailbox no provider is known by', () => {
    expect(verdictOf(notFound('no-mx'))).toBe('will-bounce');
    expect(verdictOf(notFound('unrecognised'))).toBe('unrecognised-provider');
    expect(verdictOf(notFound('unstated'))).toBe('no-provider');
  });

  it('says nothing of a state that is no answer', () => {
    expect(verdictOf(null)).toBeNull();
    expect(verdictOf({ state: 'no-key' })).toBeNull();
    expect(verdictOf({ state: 'unreachable', message: 'x' })).toBeNull();
  });
});
