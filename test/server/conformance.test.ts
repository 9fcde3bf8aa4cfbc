import { describe, expect, it, vi } from 'vitest';
import { envelopeSchema } from '#core/webmail-info-schema.ts';
import { MESSAGES } from '../../server/messages.ts';
import { HOSTED_GMAIL_INFO } from '../fixtures/hosted-examples.ts';
import { withoutBalance } from '../support/balance.ts';
import { documentedFetch } from '../support/openapi-answers.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * The service as a client meets it: the real process over HTTP, a real DNS server on loopback with the
 * fixture zones, a real database (a SQLite file, and PostgreSQL). One test per row of spec §4, §5, §7 and §8.
 */
const DASHBOARD_URL = 'https://dashboard.test/top-up';
const stacks = serviceStacksForFile();

describe.each(BACKENDS)('on %s', (backend) => {
  const stack = stacks.useStack(backend, { env: { DASHBOARD_URL }, credits: 1_000 });

  /** The envelope, held to the spec's members, with the balance our service adds to a 200 left out. */
  function envelope(json: unknown) {
    return envelopeSchema.strict().parse(withoutBalance(json));
  }

  /** The data of the service's answer for `email`, which must be a 200. */
  async function dataFor(email: string) {
    const { status, json } = await stack.service.lookup({ email }, stack.key);
    expect(status).toBe(200);
    return envelope(json).data;
  }

  describe('§2.1 envelope and §4 200 answers', () => {
    it('answers a Gmail address with the hosted service’s Gmail object', async () => {
      const { status, json } = await stack.service.lookup({ email: 'example@gmail.com' }, stack.key);
      expect(status).toBe(200);
      expect(withoutBalance(json)).toEqual({
        success: true,
        message: 'Successfully retrieved webmail info',
        data: HOSTED_GMAIL_INFO,
      });
    });

    it('answers a bare domain the same as an address at it', async () => {
      const byAddress = await stack.service.lookup({ email: 'someone@proton.me' }, stack.key);
      const byDomain = await stack.service.lookup({ email: 'proton.me' }, stack.key);
      expect(byDomain.status).toBe(200);
      expect(envelope(byDomain.json).data).toEqual(envelope(byAddress.json).data);
      expect(envelope(byDomain.json).data?.nice_name).toBe('Proton Mail');
    });

    it('tells a company on Google Workspace MX apart from consumer Gmail', async () => {
      expect(await dataFor('ceo@workspace-customer.example.com')).toMatchObject({
        name: 'Google (Workspace)',
        nice_name: 'Google Workspace',
        is_freemail: false,
      });
    });

    it('recognises the single smtp.google.com MX of newer Workspace domains', async () => {
      expect((await dataFor('new-workspace-customer.example.com'))?.nice_name).toBe('Google Workspace');
    });

    it('recognises a company on Microsoft 365 MX', async () => {
      expect(await dataFor('it@m365-customer.example.com')).toMatchObject({
        nice_name: 'Microsoft 365',
        is_freemail: false,
        is_privacy_service: false,
      });
    });

    it('answers a privacy relay with the flag set, both URLs null and the other flags false', async () => {
      expect(await dataFor('abc@duck.com')).toMatchObject({
        name: 'Privacy Service',
        webmail_url: null,
        webmail_search_url: null,
        is_privacy_service: true,
        is_freemail: false,
        is_disposable: false,
      });
    });

    it('flags a disposable domain', async () => {
      expect(await dataFor('x@mailinator.com')).toMatchObject({
        is_disposable: true,
        is_privacy_service: false,
      });
    });

    it('normalises case, a trailing dot and Unicode before looking up', async () => {
      expect((await dataFor('Someone@GMAIL.COM.'))?.nice_name).toBe('Gmail');
      const idn = await stack.service.lookup({ email: 'ünïcode@bücher.example' }, stack.key);
      expect(idn.status).toBe(404);
      expect(stack.dns.queries.has('xn--bcher-kva.example')).toBe(true);
    });

    it('sends JSON with the application/json content type', async () => {
      const response = await documentedFetch(`${stack.service.baseUrl}/public_api/v1/get_webmail_info`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack.key}` },
        body: JSON.stringify({ email: 'gmail.com' }),
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.body?.cancel();
    });
  });

  describe('§7 errors: success false, data null, the documented message', () => {
    it.each([
      ['a domain that does not exist', 'nobody@nxdomain.example.com', MESSAGES.noMx],
      ['a domain without MX records', 'info@no-mx.example.com', MESSAGES.noMx],
      ['a domain with a null MX (RFC 7505)', 'null-mx.example.com', MESSAGES.noMx],
      ['MX present but the provider unknown', 'a@unknown-provider.example.com', MESSAGES.unrecognised],
      ['only a security gateway in the MX', 'a@gateway-customer.example.com', MESSAGES.unrecognised],
    ])('404 for %s', async (_case, email, message) => {
      const before = (await stack.service.balance(stack.key)).credits;
      const { status, json } = await stack.service.lookup({ email }, stack.key);
      expect(status).toBe(404);
      expect(envelope(json)).toEqual({ success: false, message, data: null });
      expect((await stack.service.balance(stack.key)).credits).toBe(before);
    });

    it('404 messages say what the spec says', () => {
      expect(MESSAGES.noMx).toContain('domain missing or no MX records');
      expect(MESSAGES.unrecognised).toContain('unrecognised provider');
    });

    it.each([
      ['DNS timing out', 'dns-timeout.example.com'],
      ['DNS failing with SERVFAIL', 'dns-servfail.example.com'],
    ])(
      '500 with the unknown-error message on %s, free of charge, and the process stays up',
      async (_case, email) => {
        const before = (await stack.service.balance(stack.key)).credits;
        const { status, json } = await stack.service.lookup({ email }, stack.key);
        expect(status).toBe(500);
        expect(envelope(json)).toEqual({
          success: false,
          message: 'An unknown error occurred whilst looking up this email',
          data: null,
        });
        expect((await stack.service.balance(stack.key)).credits).toBe(before);
        expect((await stack.service.lookup({ email: 'gmail.com' }, stack.key)).status).toBe(200);
      },
    );

    it('does not cache a DNS failure: the next request asks DNS again', async () => {
      const before = stack.dns.queries.get('dns-servfail.example.com') ?? 0;
      await stack.service.lookup({ email: 'dns-servfail.example.com' }, stack.key);
      expect(stack.dns.queries.get('dns-servfail.example.com') ?? 0).toBeGreaterThan(before);
    });
  });

  describe('§5 authentication', () => {
    it.each([
      ['no Authorization header', null],
      ['an unknown key', 'wl_not-a-real-key'],
      ['an empty bearer token', ''],
    ])('401 "the specified API key does not exist" for %s', async (_case, badKey) => {
      const { status, json } = await stack.service.lookup({ email: 'gmail.com' }, badKey);
      expect(status).toBe(401);
      expect(envelope(json)).toMatchObject({ success: false, data: null });
      expect(envelope(json).message).toContain('the specified API key does not exist');
    });

    it('401 for a key sent without the Bearer scheme', async () => {
      const { status } = await stack.service.lookup({ email: 'gmail.com' }, null, {
        headers: { Authorization: `Basic ${stack.key}`, 'Content-Type': 'application/json' },
      });
      expect(status).toBe(401);
    });

    it('never writes the key to its log', () => {
      expect(stack.service.output.join('\n')).not.toContain(stack.key);
      expect(stack.service.output.some((line) => / 200 .*domain=gmail\.com/.test(line))).toBe(true);
    });
  });

  describe('§4 routing', () => {
    it('answers an unknown path with a 404 envelope', async () => {
      const response = await documentedFetch(`${stack.service.baseUrl}/public_api/v2/nothing`, {
        method: 'POST',
      });
      expect(response.status).toBe(404);
      expect(envelope(await response.json()).data).toBeNull();
    });

    it('answers GET on the endpoint with 405 and the envelope', async () => {
      const response = await documentedFetch(`${stack.service.baseUrl}/public_api/v1/get_webmail_info`);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(envelope(await response.json()).success).toBe(false);
    });
  });

  describe('§8 cache and skip_cache', () => {
    it('serves a second lookup of a domain from the cache without asking DNS', async () => {
      await stack.service.lookup({ email: 'first@googlemail.com' }, stack.key);
      const asked = stack.dns.queries.get('googlemail.com');
      const { status } = await stack.service.lookup({ email: 'second@googlemail.com' }, stack.key);
      expect(status).toBe(200);
      expect(stack.dns.queries.get('googlemail.com')).toBe(asked);
      // The log line travels through a pipe and may arrive just after the response.
      await vi.waitFor(() => expect(stack.service.output.at(-1)).toMatch(/domain=googlemail\.com cache=hit/));
    });

    it('skip_cache: true asks DNS again and refreshes the entry', async () => {
      await stack.service.lookup({ email: 'outlook.com' }, stack.key);
      const asked = stack.dns.queries.get('outlook.com') ?? 0;
      const { status } = await stack.service.lookup({ email: 'outlook.com', skip_cache: true }, stack.key);
      expect(status).toBe(200);
      expect(stack.dns.queries.get('outlook.com')).toBe(asked + 1);
      await stack.service.lookup({ email: 'outlook.com', skip_cache: false }, stack.key);
      expect(stack.dns.queries.get('outlook.com')).toBe(asked + 1);
    });

    it('charges a cached answer like any other answer', async () => {
      await stack.service.lookup({ email: 'gmail.com' }, stack.key);
      const before = (await stack.service.balance(stack.key)).credits;
      await stack.service.lookup({ email: 'gmail.com' }, stack.key);
      expect((await stack.service.balance(stack.key)).credits).toBe(before - 1);
    });
  });
});
