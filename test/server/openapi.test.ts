import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MESSAGES } from '../../server/messages.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from '../support/dns-fixture-server.ts';
import { documentedFetch } from '../support/openapi-answers.ts';
import { type ServiceProcess, startServiceProcess } from '../support/service-process.ts';
import { FIXTURE_DNS_TIMEOUT_MS } from '../support/service-stack.ts';

/**
 * The OpenAPI document as the service serves it, and its examples of a 200 answer as the service gives them:
 * the real process over HTTP, with DNS on loopback (the fixture zones, and yahoo.com, which they lack).
 */
const DOCUMENT_FILE = new URL('../../docs/openapi.yaml', import.meta.url);
/** The domain each 200 example of docs/openapi.yaml answers. */
const EXAMPLE_DOMAINS: Record<string, string> = {
  freemail: 'gmail.com',
  privacyService: 'duck.com',
  searchEncodedTwice: 'yahoo.com',
  behindGateway: 'mimecast-workspace.example.com',
};
/** What an example says of the account it was charged to, which no other account shares. */
const BALANCE_PROPERTIES = ['credits_remaining', 'subscription_lookups_remaining', 'subscription_ends_at'];

interface FoundExample {
  value: { success: boolean; message: string; data: Record<string, unknown> };
}

function withoutBalance(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !BALANCE_PROPERTIES.includes(name)));
}

describe('the OpenAPI document', () => {
  let dns: DnsFixtureServer;
  let service: ServiceProcess;
  let key: string;

  beforeAll(async () => {
    dns = await startDnsFixtureServer({
      moreZones: (name) => (name === 'yahoo.com' ? { mx: [[1, 'mta5.am0.yahoodns.net']] } : undefined),
    });
    service = await startServiceProcess({
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: String(FIXTURE_DNS_TIMEOUT_MS),
    });
    key = await service.createKey({ credits: 100 });
  });

  afterAll(async () => {
    await service?.stop();
    await dns?.close();
  });

  it('is served at GET /openapi.json, as JSON, the same as docs/openapi.yaml', async () => {
    const response = await documentedFetch(`${service.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(parse(readFileSync(DOCUMENT_FILE, 'utf8')));
  });

  it('is served without a key, to HEAD as to GET, and refuses other methods with 405', async () => {
    const head = await documentedFetch(`${service.baseUrl}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await documentedFetch(`${service.baseUrl}/openapi.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await post.json()).message).toBe(MESSAGES.operationMethodNotAllowed);
  });

  it('gives as examples of a 200 answer what the service answers for those domains', async () => {
    const document = parse(readFileSync(DOCUMENT_FILE, 'utf8'));
    const examples: Record<string, FoundExample> =
      document.paths['/public_api/v1/get_webmail_info'].post.responses['200'].content['application/json']
        .examples;
    expect(Object.keys(examples).sort()).toEqual(Object.keys(EXAMPLE_DOMAINS).sort());
    for (const [name, domain] of Object.entries(EXAMPLE_DOMAINS)) {
      const { status, json } = await service.lookup({ email: domain }, key);
      const answer = json as FoundExample['value'];
      const example = examples[name]?.value;
      expect(status, name).toBe(200);
      expect({ ...answer, data: withoutBalance(answer.data) }, name).toEqual({
        ...example,
        data: withoutBalance(example?.data ?? {}),
      });
    }
  });
});
