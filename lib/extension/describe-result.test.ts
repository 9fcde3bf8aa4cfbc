import { describe, expect, it } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerEvidence } from './answer-evidence.ts';
import {
  describeEvidence,
  describeResult,
  describeVerdict,
  verdictGroupWords,
  verdictWords,
} from './describe-result.ts';
import { MAX_GATEWAY_NAME_LENGTH } from './limits.ts';
import type { LookupResult } from './lookup-result.ts';
import { FOUND_VERDICTS } from './verdict.ts';

/** What the service answers for a domain with these records (the same rules, lib/core/catalog). */
function answerFor(mx: string[], txt: string[] = []): WebmailInfo {
  const info = classify('acme.example.com', mx, txt);
  if (!info) throw new Error('the catalog recognises no provider in these records');
  return info;
}

const PROOFPOINT_MX = 'mx0a-00123401.pphosted.com';
const MIMECAST_MX = 'us-smtp-inbound-1.mimecast.com';
const M365_MX = 'acme-example-com.mail.protection.outlook.com';
const M365_SPF = 'v=spf1 include:spf.protection.outlook.com -all';

describe('the evidence an answer carries, in words', () => {
  it('MX names the provider, behind a gateway: the gateway, and nothing of doubt', () => {
    expect(describeEvidence(answerFor([PROOFPOINT_MX, M365_MX]))).toEqual({
      confidence: 'high',
      seen: 'Microsoft 365, behind Proofpoint.',
      sureness: '',
    });
  });

  it('MX names the provider alone: nothing more than the provider', () => {
    expect(describeEvidence(answerFor([M365_MX]))).toBeNull();
  });

  it('SPF names the provider behind a gateway: where it was read, and likely', () => {
    expect(describeEvidence(answerFor([PROOFPOINT_MX], [M365_SPF]))).toEqual({
      confidence: 'medium',
      seen: "Microsoft 365, behind Proofpoint (from the domain's SPF record).",
      sureness: 'Likely, not certain.',
    });
  });

  it('SPF names the provider behind an unknown mail server: where it was read, and unsure', () => {
    expect(describeEvidence(answerFor(['mx.self-hosted.example'], [M365_SPF]))).toEqual({
      confidence: 'low',
      seen: "Microsoft 365 (from the domain's SPF record).",
      sureness: 'Unsure: check before you rely on it.',
    });
  });

  it("Microsoft's domain verification alone: said to be a guess, and unsure", () => {
    expect(describeEvidence(answerFor([MIMECAST_MX], ['v=spf1 -all', 'MS=ms27182818']))).toEqual({
      confidence: 'low',
      seen: "Microsoft 365, behind Mimecast: a guess from Microsoft's domain verification.",
      sureness: 'Unsure: check before you rely on it.',
    });
  });

  it('low confidence reads less sure than medium, and each says something', () => {
    const at = (provider_confidence: string) =>
      describeEvidence({ ...HOSTED_GMAIL_INFO, provider_source: 'spf', provider_confidence })?.sureness;
    expect(at('high')).toBe('');
    expect(at('medium')).toMatch(/^Likely/);
    expect(at('low')).toMatch(/^Unsure/);
  });

  it('an answer from the domain name alone (gmail.com), or from the hosted service, says nothing of records', () => {
    expect(describeEvidence(classify('gmail.com') as WebmailInfo)).toBeNull();
    expect(describeEvidence(HOSTED_GMAIL_INFO)).toBeNull();
  });
});

describe('evidence from the API is untrusted', () => {
  const withEvidence = (properties: Record<string, unknown>): WebmailInfo => ({
    ...HOSTED_GMAIL_INFO,
    nice_name: 'Microsoft 365',
    provider_source: 'spf',
    provider_confidence: 'medium',
    gateway: 'Proofpoint',
    ...properties,
  });

  it.each([
    ['a source of ours in another case', { provider_source: 'SPF' }],
    ['an unknown source', { provider_source: 'dmarc' }],
    ['a source that is a name on every object', { provider_source: 'toString' }],
    ['a source that is not a string', { provider_source: ['spf'] }],
    ['no source', { provider_source: undefined }],
    ['an unknown confidence', { provider_confidence: 'certain' }],
    ['a confidence that is a number', { provider_confidence: 1 }],
    ['a confidence that is a name on every object', { provider_confidence: '__proto__' }],
  ])('%s: nothing said at all', (_case, properties) => {
    const info = withEvidence(properties);
    expect(answerEvidence(info)).toBeNull();
    expect(describeEvidence(info)).toBeNull();
  });

  it.each([
    ['a number', 42],
    ['an object', { name: 'Proofpoint' }],
    ['only spaces and control characters', ' \u0000\u202e\n '],
  ])('a gateway that is %s is left out, and the rest said', (_case, gateway) => {
    expect(describeEvidence(withEvidence({ gateway }))?.seen).toBe(
      "Microsoft 365 (from the domain's SPF record).",
    );
  });

  it('a gateway is one line of plain text: markup stays text, control and direction characters go', () => {
    expect(answerEvidence(withEvidence({ gateway: '<img src=x onerror=alert(1)>' }))?.gateway).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(answerEvidence(withEvidence({ gateway: 'Proof\u202epoint\n\tGateway\u200b' }))?.gateway).toBe(
      'Proofpoint Gateway',
    );
  });

  it(`a gateway is cut to ${MAX_GATEWAY_NAME_LENGTH} characters, with an ellipsis, and never inside a character`, () => {
    const gateway = answerEvidence(withEvidence({ gateway: '😀'.repeat(500) }))?.gateway ?? '';
    expect([...gateway]).toHaveLength(MAX_GATEWAY_NAME_LENGTH);
    expect(gateway.endsWith('😀…')).toBe(true);
    expect(answerEvidence(withEvidence({ gateway: 'x'.repeat(MAX_GATEWAY_NAME_LENGTH) }))?.gateway).toBe(
      'x'.repeat(MAX_GATEWAY_NAME_LENGTH),
    );
  });
});

describe('a 429 in words', () => {
  const NOW = 1_700_000_000_000;

  it('counts down the seconds the service asked for, and cannot be tried again before', () => {
    const result = { state: 'rate-limited', message: 'slow', retryAt: NOW + 30_000 } as const;
    expect(describeResult(result, NOW)).toEqual({
      title: 'Too many lookups',
      detail: 'Try again in 30 seconds.',
      action: { kind: 'look-up', label: 'Try again', waiting: true },
    });
    expect(describeResult(result, NOW + 29_001).detail).toBe('Try again in 1 second.');
  });

  it('once the wait is over, says so and offers a plain lookup again', () => {
    const result = { state: 'rate-limited', message: 'slow', retryAt: NOW } as const;
    expect(describeResult(result, NOW)).toEqual({
      title: 'Too many lookups',
      detail: 'The wait is over: you can try again now.',
      action: { kind: 'look-up', label: 'Try again' },
    });
  });

  it('without a Retry-After, asks to slow down and can be tried again', () => {
    expect(describeResult({ state: 'rate-limited', message: 'slow', retryAt: null }, NOW)).toEqual({
      title: 'Too many lookups',
      detail: 'The service asks to slow down; try again in a moment.',
      action: { kind: 'look-up', label: 'Try again' },
    });
  });
});

describe('the verdict in words: one line saying what matters', () => {
  const found = (domain: string): LookupResult => {
    const info = classify(domain);
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

  it.each([
    ['gmail.com', 'free-mail', 'Gmail · free mail'],
    ['duck.com', 'privacy-relay', 'DuckDuckGo Email Protection · privacy relay'],
    ['mailinator.com', 'disposable', 'Disposable address'],
  ])('%s: %s, "%s"', (domain, verdict, line) => {
    expect(describeVerdict(found(domain))).toMatchObject({ verdict, line });
  });

  it('business mail, by MX: the provider and that it is no free mail', () => {
    const info = answerFor(['acme-example-com.mail.protection.outlook.com']);
    expect(describeVerdict({ state: 'found', info, source: 'api', fetchedAt: 0 })).toMatchObject({
      verdict: 'business-mail',
      line: 'Microsoft 365 · business mail',
    });
  });

  it('tells a domain that takes no mail (it will bounce) from a mailbox no provider is known by', () => {
    expect(describeVerdict(notFound('no-mx'))).toEqual({
      verdict: 'will-bounce',
      line: 'Will bounce: this domain takes no mail',
      around: null,
    });
    expect(describeVerdict(notFound('unrecognised'))).toMatchObject({
      verdict: 'unrecognised-provider',
      line: "A mailbox we can't name",
    });
    expect(describeVerdict(notFound('unstated'))).toMatchObject({
      verdict: 'no-provider',
      line: 'No mail provider found',
    });
    // The card's title says the same as the line, and its detail says why.
    expect(describeResult(notFound('no-mx'))).toMatchObject({
      title: 'Will bounce: this domain takes no mail',
      detail:
        'The domain does not exist or has no mail servers (MX records), so mail to this address cannot be delivered.',
    });
    expect(describeResult(notFound('unrecognised')).title).toBe("A mailbox we can't name");
  });

  it('gives the words around the provider’s name, for a screen that shows the name apart', () => {
    expect(describeVerdict(found('gmail.com'))?.around).toEqual({ before: '', after: ' · free mail' });
  });

  it('a name from the API is plain text in the line; an empty one leaves the line without it', () => {
    const named = (nice_name: string) =>
      describeVerdict({ ...found('gmail.com'), info: { ...HOSTED_GMAIL_INFO, nice_name } } as LookupResult);
    expect(named('Gm\u202Eail\n')?.line).toBe('Gmail · free mail');
    expect(named(' ')).toEqual({ verdict: 'free-mail', line: 'Free mail', around: null });
  });

  it('words a verdict by the verdict alone: the same line whether or not a provider is there to name', () => {
    expect(verdictWords('will-bounce', 'Gmail').line).toBe('Will bounce: this domain takes no mail');
    expect(verdictWords('disposable', 'Mailinator').line).toBe('Disposable address');
    expect(verdictWords('business-mail', null).line).toBe('Business mail');
    expect(verdictWords('privacy-relay', 'SimpleLogin').line).toBe('SimpleLogin · privacy relay');
  });

  it('names each verdict of an answer with a provider as the heading of its group', () => {
    expect(FOUND_VERDICTS.map(verdictGroupWords)).toEqual([
      'Disposable',
      'Privacy relay',
      'Free mail',
      'No flag',
    ]);
  });

  it('no verdict for a state that is no answer', () => {
    expect(describeVerdict(null)).toBeNull();
    expect(describeVerdict({ state: 'no-key' })).toBeNull();
  });
});
