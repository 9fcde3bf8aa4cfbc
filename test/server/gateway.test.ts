import { describe, expect, it, vi } from 'vitest';
import type { MailboxEvidenceProperties } from '#core/webmail-info.ts';
import { envelopeSchema, type WebmailInfo } from '#core/webmail-info-schema.ts';
import { MESSAGES } from '../../server/messages.ts';
import { withoutBalance } from '../support/balance.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * The mailbox behind a security gateway, as a client meets it: the real service over HTTP, a real DNS server
 * on loopback with the fixture zones (MX and TXT), a real database (a SQLite file, and PostgreSQL).
 */
const stacks = serviceStacksForFile();

/** The spec's fields (§2.2) for each provider, exactly as every other answer for it gives them. */
const MICROSOFT_365: WebmailInfo = {
  name: 'Microsoft (365)',
  nice_name: 'Microsoft 365',
  webmail_url: 'https://outlook.office.com/mail/',
  webmail_search_url: null,
  is_disposable: false,
  is_freemail: false,
  is_privacy_service: false,
};
const GOOGLE_WORKSPACE: WebmailInfo = {
  name: 'Google (Workspace)',
  nice_name: 'Google Workspace',
  webmail_url: 'https://mail.google.com/mail',
  webmail_search_url: 'https://mail.google.com/mail/#search/%q',
  is_disposable: false,
  is_freemail: false,
  is_privacy_service: false,
};
const OUTLOOK_COM: WebmailInfo = {
  name: 'Microsoft (Public)',
  nice_name: 'Outlook.com',
  webmail_url: 'https://outlook.live.com/mail/',
  webmail_search_url: null,
  is_disposable: false,
  is_freemail: false,
  is_privacy_service: false,
};

const FOUND: [string, string, WebmailInfo & MailboxEvidenceProperties][] = [
  [
    'Microsoft 365 behind Proofpoint, from SPF',
    'proofpoint-m365.example.com',
    { ...MICROSOFT_365, provider_source: 'spf', provider_confidence: 'medium', gateway: 'Proofpoint' },
  ],
  [
    'Google Workspace behind Mimecast, from SPF',
    'mimecast-workspace.example.com',
    { ...GOOGLE_WORKSPACE, provider_source: 'spf', provider_confidence: 'medium', gateway: 'Mimecast' },
  ],
  [
    'Microsoft 365 behind Barracuda, from the SPF record of the domain’s own include',
    'aggregator-spf.example.com',
    { ...MICROSOFT_365, provider_source: 'spf', provider_confidence: 'medium', gateway: 'Barracuda' },
  ],
  [
    'Microsoft 365 behind Mimecast, from Microsoft’s tenant verification alone',
    'ms-verification-only.example.com',
    { ...MICROSOFT_365, provider_source: 'ms-verification', provider_confidence: 'low', gateway: 'Mimecast' },
  ],
  [
    'Outlook.com on a personal custom domain, from MX',
    'outlook-personal-domain.example.com',
    { ...OUTLOOK_COM, provider_source: 'mx', provider_confidence: 'high' },
  ],
];

describe.each(BACKENDS)('the mailbox behind a gateway, on %s', (backend) => {
  const stack = stacks.useStack(backend, {
    // A lookup here makes up to three queries in turn within DNS_TIMEOUT_MS × 3; the loopback server answers
    // in well under a millisecond, and this leaves a loaded machine room.
    env: { DNS_TIMEOUT_MS: '500' },
    credits: 1_000,
  });

  /** Parses a body as the spec's envelope, with nothing beside its three fields (the balance left out). */
  const envelope = (json: unknown) => envelopeSchema.strict().parse(withoutBalance(json));

  /** A lookup that answered 404, and that it charged nothing. */
  async function expectFreeNotFound(email: string, message: string): Promise<void> {
    const before = (await stack.service.balance(stack.key)).credits;
    const { status, json } = await stack.service.lookup({ email }, stack.key);
    expect(status).toBe(404);
    expect(envelope(json)).toEqual({ success: false, message, data: null });
    expect((await stack.service.balance(stack.key)).credits).toBe(before);
  }

  it.each(FOUND)(
    '200 for %s: the spec’s fields exact, with what the answer saw beside them',
    async (_case, domain, data) => {
      const { status, json } = await stack.service.lookup({ email: `someone@${domain}` }, stack.key);
      expect(status).toBe(200);
      expect(envelope(json)).toEqual({ success: true, message: 'Successfully retrieved webmail info', data });
    },
  );

  it('404 unrecognised behind a gateway whose SPF names only marketing, transactional and help-desk senders', async () => {
    await expectFreeNotFound('someone@marketing-spf.example.com', MESSAGES.unrecognised);
  });

  it.each([
    'workspace-customer.example.com',
    'm365-customer.example.com',
    'outlook-personal-domain.example.com',
    'gmail.com',
  ])('asks no TXT record of %s, whose MX names the mailbox', async (domain) => {
    const { status } = await stack.service.lookup({ email: domain, skip_cache: true }, stack.key);
    expect(status).toBe(200);
    expect(stack.dns.asked('MX', domain)).toBeGreaterThan(0);
    expect(stack.dns.asked('TXT', domain)).toBe(0);
  });

  it('reads the domain’s own SPF include, and never a third party’s', async () => {
    const before = stack.dns.asked('TXT', '_spf.aggregator-spf.example.com');
    const { status } = await stack.service.lookup(
      { email: 'aggregator-spf.example.com', skip_cache: true },
      stack.key,
    );
    expect(status).toBe(200);
    expect(stack.dns.asked('TXT', '_spf.aggregator-spf.example.com')).toBeGreaterThan(before);
    for (const thirdParty of ['spf.protection.outlook.com', 'servers.mcsv.net'])
      expect(stack.dns.asked('TXT', thirdParty)).toBe(0);
  });

  describe('a TXT failure leaves the answer to MX; an MX failure stays a 500', () => {
    it('404 unrecognised, free of charge and not cached, when the TXT query times out behind a gateway', async () => {
      await expectFreeNotFound('someone@txt-timeout.example.com', MESSAGES.unrecognised);
      const asked = stack.dns.asked('TXT', 'txt-timeout.example.com');
      await expectFreeNotFound('someone@txt-timeout.example.com', MESSAGES.unrecognised);
      // c-ares asks again within its timeout, so the count says only that it asked again.
      expect(stack.dns.asked('TXT', 'txt-timeout.example.com')).toBeGreaterThan(asked);
    });

    it('404 when an own include times out, though the rest of SPF names one provider: part of it is never used', async () => {
      await expectFreeNotFound('someone@include-timeout.example.com', MESSAGES.unrecognised);
      expect(stack.dns.asked('TXT', '_spf.include-timeout.example.com')).toBeGreaterThan(0);
    });

    it('500 as before when MX itself times out', async () => {
      const { status } = await stack.service.lookup({ email: 'dns-timeout.example.com' }, stack.key);
      expect(status).toBe(500);
      expect(stack.dns.asked('TXT', 'dns-timeout.example.com')).toBe(0);
    });
  });

  it('serves the additional properties from the cache too, from memory and from the database', async () => {
    const email = 'someone@mimecast-workspace.example.com';
    const first = await stack.service.lookup({ email }, stack.key);
    const asked = stack.dns.queries.get('mimecast-workspace.example.com');
    expect(withoutBalance((await stack.service.lookup({ email }, stack.key)).json)).toEqual(
      withoutBalance(first.json),
    );
    // A new process has nothing in memory: its answer comes from the database.
    await stack.service.kill();
    await stack.service.restart();
    const fromDatabase = await stack.service.lookup({ email }, stack.key);
    expect(withoutBalance(fromDatabase.json)).toEqual(withoutBalance(first.json));
    expect(envelope(fromDatabase.json).data).toMatchObject({ provider_source: 'spf', gateway: 'Mimecast' });
    expect(stack.dns.queries.get('mimecast-workspace.example.com')).toBe(asked);
    // The log line travels through a pipe and may arrive just after the response.
    await vi.waitFor(() =>
      expect(stack.service.output.at(-1)).toMatch(/domain=mimecast-workspace\.example\.com cache=hit/),
    );
  });
});
