import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { type ApiClientOptions, findTopUpUrl, getWebmailInfo } from './client.ts';
import { MAX_RESPONSE_BYTES } from './client-limits.ts';

type Script = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A real HTTP server on loopback whose answers each test scripts, recording every request it gets. */
let server: Server;
let baseUrl: string;
let script: Script;
const received: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, url: request.url ?? '' });
      script(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

const GMAIL = HOSTED_GMAIL_INFO;

function json(status: number, payload: unknown, headers: Record<string, string> = {}): Script {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };
}

function sequence(...scripts: Script[]): Script {
  let i = 0;
  return (request, response, body) => {
    const next = scripts[Math.min(i++, scripts.length - 1)];
    next?.(request, response, body);
  };
}

const options = (extra: Partial<ApiClientOptions> = {}): ApiClientOptions => ({
  baseUrl,
  apiKey: 'wl_test_key',
  retryBaseDelayMs: 1,
  timeoutMs: 1_000,
  ...extra,
});

const lookup = (extra: Partial<ApiClientOptions> = {}, email = 'gmail.com', skipCache = false) =>
  getWebmailInfo({ email, skipCache }, options(extra));

describe('the request', () => {
  it('POSTs JSON to the v1 path with the key as a Bearer token', async () => {
    script = json(200, { success: true, message: 'ok', data: GMAIL });
    await lookup({ baseUrl: `${baseUrl}/` }, 'jane@gmail.com');
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/public_api/v1/get_webmail_info');
    expect(received[0]?.headers.authorization).toBe('Bearer wl_test_key');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ email: 'jane@gmail.com' });
  });

  it('sends skip_cache only when asked', async () => {
    script = json(200, { success: true, message: 'ok', data: GMAIL });
    await lookup({}, 'gmail.com', true);
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ email: 'gmail.com', skip_cache: true });
  });
});

describe('mapping answers to outcomes', () => {
  it('found, keeping additional properties of data', async () => {
    script = json(200, {
      success: true,
      message: 'Successfully retrieved webmail info',
      data: { ...GMAIL, mx: ['x'] },
    });
    expect(await lookup()).toEqual({
      kind: 'found',
      info: { ...GMAIL, mx: ['x'] },
      message: 'Successfully retrieved webmail info',
      balance: null,
    });
  });

  it.each([
    ['Not found - domain missing or no MX records set', 'no-mx'],
    ['Not found - unrecognised provider', 'unrecognised'],
    // The spec fixes the meaning, not the words: the phrase in another case, spelling or sentence still says it.
    ['not found - unrecognized provider.', 'unrecognised'],
    ['Domain missing or no MX records set', 'no-mx'],
    // Another text: a 404 all the same, saying no more.
    ['Not found', 'unstated'],
    ['Not found - the provider is not known', 'unstated'],
    ['Not found - no records', 'unstated'],
  ])('404 "%s" → not-found, %s', async (message, reason) => {
    script = json(404, { success: false, message, data: null });
    expect(await lookup()).toEqual({ kind: 'not-found', reason, message, balance: null });
  });

  it.each([
    [400, 'Error parsing request', 'invalid-request'],
    [401, 'Unauthorised - the specified API key does not exist', 'unknown-key'],
  ])('%i → %s', async (status, message, kind) => {
    script = json(status, { success: false, message, data: null });
    expect(await lookup()).toEqual({ kind, message, balance: null });
    expect(received).toHaveLength(1);
  });

  it('401 for billing, with the top-up link taken from the message', async () => {
    script = json(401, {
      success: false,
      message: 'No credits left; top up at https://dash.example/top-up.',
      data: null,
    });
    expect(await lookup()).toMatchObject({ kind: 'billing', topUpUrl: 'https://dash.example/top-up' });
  });

  it('treats a legacy 402 as a billing refusal', async () => {
    script = json(402, { success: false, message: 'Payment required', data: null });
    expect(await lookup()).toMatchObject({ kind: 'billing', topUpUrl: null });
    expect(received).toHaveLength(1);
  });

  it('429 is rate-limited, with Retry-After, and not retried', async () => {
    script = json(429, { success: false, message: 'slow down', data: null }, { 'Retry-After': '30' });
    expect(await lookup()).toEqual({
      kind: 'rate-limited',
      message: 'slow down',
      retryAfterSeconds: 30,
      balance: null,
    });
    expect(received).toHaveLength(1);
  });

  it('429 reads Retry-After given as a date too, as the seconds left, never less than none', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    script = json(429, { success: false, message: 'slow down', data: null }, { 'Retry-After': inTwoMinutes });
    const outcome = await lookup();
    expect(outcome.kind).toBe('rate-limited');
    // The date has whole seconds, so up to a second of it may be gone by the time it is read.
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(120);
    script = json(
      429,
      { success: false, message: 'slow down', data: null },
      { 'Retry-After': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    );
    expect(await lookup()).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 0 });
    script = json(429, { success: false, message: 'slow down', data: null });
    expect(await lookup()).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: null });
  });
});

describe('malformed answers', () => {
  it.each([
    ['HTML', '<html><body>Bad gateway</body></html>'],
    ['an empty body', ''],
    ['truncated JSON', '{"success": true, "message": "ok", "data": {"name"'],
    ['success true with data null', JSON.stringify({ success: true, message: 'ok', data: null })],
    ['success false on 200', JSON.stringify({ success: false, message: 'ok', data: GMAIL })],
    [
      'a field of the wrong type',
      JSON.stringify({ success: true, message: 'ok', data: { ...GMAIL, is_freemail: 'yes' } }),
    ],
    [
      'a missing field',
      JSON.stringify({ success: true, message: 'ok', data: { ...GMAIL, nice_name: undefined } }),
    ],
    ['no message', JSON.stringify({ success: true, data: GMAIL })],
    ['a JSON array', '[]'],
  ])('%s on 200 is malformed, not retried', async (_case, body) => {
    script = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(body);
    };
    expect(await lookup()).toMatchObject({ kind: 'malformed-response', status: 200 });
    expect(received).toHaveLength(1);
  });

  it('an HTML 404 (a wrong base URL) is malformed, not "not found"', async () => {
    script = (_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not Found</h1>');
    };
    expect(await lookup()).toMatchObject({
      kind: 'malformed-response',
      status: 404,
      problem: { code: 'not-json', status: 404 },
    });
  });

  it('refuses a body larger than the limit without reading it whole', async () => {
    script = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(`{"success":true,"message":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    };
    expect(await lookup()).toMatchObject({ kind: 'malformed-response' });
    expect(MAX_RESPONSE_BYTES).toBeLessThan(5 * 1024 * 1024);
  });

  it('refuses a redirect instead of following it with the key', async () => {
    script = (_request, response) => {
      response.writeHead(307, { Location: 'http://127.0.0.2:9/steal' });
      response.end();
    };
    expect(await lookup()).toMatchObject({
      kind: 'malformed-response',
      status: 307,
      problem: { code: 'redirect', status: 307 },
    });
    expect(received).toHaveLength(1);
  });
});

describe('failures, retries and timeouts', () => {
  it('retries a 5xx and returns the answer that follows', async () => {
    script = sequence(
      json(503, { success: false, message: 'busy', data: null }),
      json(200, { success: true, message: 'ok', data: GMAIL }),
    );
    expect(await lookup()).toMatchObject({ kind: 'found' });
    expect(received).toHaveLength(2);
  });

  it('gives up after the retries with a server error carrying the service’s message', async () => {
    script = json(500, {
      success: false,
      message: 'An unknown error occurred whilst looking up this email',
      data: null,
    });
    expect(await lookup({ retries: 2 })).toEqual({
      kind: 'server-error',
      status: 500,
      message: 'An unknown error occurred whilst looking up this email',
      balance: null,
    });
    expect(received).toHaveLength(3);
  });

  it('honours Retry-After on a 503 before retrying', async () => {
    const waits: number[] = [];
    script = sequence(
      json(503, 'down', { 'Retry-After': '2' }),
      json(200, { success: true, message: 'ok', data: GMAIL }),
    );
    const outcome = await lookup({
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(outcome.kind).toBe('found');
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
  });

  it('times out an answer that never ends, retrying it, then reports a timeout', async () => {
    script = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"success": true,');
    };
    // An answer that never ends would hold the lookup (and this test, until its own timeout) without the
    // deadline: both attempts ending as timeouts is the deadline at work, whatever the machine's speed.
    const outcome = await lookup({ timeoutMs: 150, retries: 1 });
    expect(outcome).toMatchObject({ kind: 'timeout', problem: { code: 'timeout', seconds: 0.15 } });
    expect(received).toHaveLength(2);
  });

  it('reports a connection reset as a network error after retrying', async () => {
    script = (request) => request.socket.destroy();
    expect(await lookup({ retries: 1 })).toMatchObject({
      kind: 'network-error',
      problem: { code: 'unreachable' },
    });
    expect(received).toHaveLength(2);
  });

  it('reports a closed port as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await lookup({ baseUrl: `http://127.0.0.1:${port}`, retries: 0 })).toMatchObject({
      kind: 'network-error',
    });
  });

  it('stops at once when the caller cancels', async () => {
    script = () => {};
    const controller = new AbortController();
    const pending = lookup({ signal: controller.signal, timeoutMs: 5_000 });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ kind: 'network-error', message: 'The lookup was cancelled.' });
  });
});

describe('the balance an answer states', () => {
  const FOUND = { success: true, message: 'ok', data: GMAIL };
  const BILLING = { success: false, message: 'Payment required - no credits left', data: null };
  const ENDS = '2026-12-31T23:59:59.000Z';
  const credits = (value: string) => ({ 'Webmail-Credits-Remaining': value });
  const subscription = (remaining: string, ends: string) => ({
    'Webmail-Subscription-Remaining': remaining,
    'Webmail-Subscription-Ends': ends,
  });

  it('is null where the service says nothing of it (as the hosted service may)', async () => {
    script = json(200, FOUND);
    expect((await lookup()).balance).toBeNull();
    script = json(404, { success: false, message: 'Not found - unrecognised provider', data: null });
    expect((await lookup()).balance).toBeNull();
  });

  it.each([
    [200, FOUND],
    [401, BILLING],
    [404, { success: false, message: 'Not found - unrecognised provider', data: null }],
    [429, { success: false, message: 'slow down', data: null }],
  ])('reads the headers on a %i', async (status, body) => {
    script = json(status, body, { ...credits('41'), ...subscription('99958', ENDS) });
    expect((await lookup()).balance).toEqual({
      credits: 41,
      subscription: { remaining: 99958, endsAt: ENDS },
    });
  });

  it('reads 0 as 0: an empty balance is a figure too', async () => {
    script = json(401, BILLING, credits('0'));
    expect(await lookup()).toMatchObject({ kind: 'billing', balance: { credits: 0, subscription: null } });
  });

  it("reads a 200's data properties where no header says, and takes them out of the domain's info", async () => {
    const data = {
      ...GMAIL,
      gateway: 'Mimecast',
      credits_remaining: 41,
      subscription_lookups_remaining: 7,
      subscription_ends_at: '2026-12-31T23:59:59+01:00',
    };
    script = json(200, { success: true, message: 'ok', data });
    expect(await lookup()).toEqual({
      kind: 'found',
      info: { ...GMAIL, gateway: 'Mimecast' },
      message: 'ok',
      balance: { credits: 41, subscription: { remaining: 7, endsAt: '2026-12-31T22:59:59.000Z' } },
    });
  });

  it('takes a header over the data property that says otherwise', async () => {
    script = json(
      200,
      { success: true, message: 'ok', data: { ...GMAIL, credits_remaining: 99 } },
      credits('12'),
    );
    expect((await lookup()).balance).toEqual({ credits: 12, subscription: null });
  });

  it.each([
    ['a negative count', '-1'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x10'],
    ['a sign', '+5'],
    ['words', 'forty-one'],
    ['two values of a repeated header', '5, 6'],
    ['an empty value', ''],
    ['a count past 2^53, which no number holds exactly', '9007199254740993'],
    ['a huge count', '99999999999999999999999999'],
  ])('reads no credits from %s (%j), and shows none', async (_case, value) => {
    script = json(200, FOUND, credits(value));
    expect((await lookup()).balance).toBeNull();
  });

  it('reads the largest exact count', async () => {
    script = json(200, FOUND, credits(String(Number.MAX_SAFE_INTEGER)));
    expect((await lookup()).balance?.credits).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['a negative number', -1],
    ['a fraction', 2.5],
    ['a number as text', '41'],
    ['a huge number', 1e30],
    ['null', null],
    ['true', true],
  ])('reads no credits from a data property holding %s', async (_case, value) => {
    script = json(200, { success: true, message: 'ok', data: { ...GMAIL, credits_remaining: value } });
    const outcome = await lookup();
    expect(outcome).toMatchObject({ kind: 'found', balance: null });
    // Whatever it held, it is the account's, not the domain's.
    expect(outcome.kind === 'found' && 'credits_remaining' in outcome.info).toBe(false);
  });

  it.each([
    ['a day that does not exist', '2026-02-30T00:00:00Z'],
    ['an hour that does not exist', '2026-12-31T24:00:00Z'],
    ['a zone that does not exist', '2026-12-31T12:00:00+25:00'],
    ['a date without a time', '2026-12-31'],
    ['a date without a zone', '2026-12-31T12:00:00'],
    ['an HTTP date', 'Thu, 31 Dec 2026 23:59:59 GMT'],
    ['words', 'next year'],
  ])('reads no subscription whose end is %s (%s)', async (_case, ends) => {
    script = json(200, FOUND, { ...credits('3'), ...subscription('10', ends) });
    expect((await lookup()).balance).toEqual({ credits: 3, subscription: null });
  });

  it('reads a subscription only with both its figures', async () => {
    script = json(200, FOUND, { 'Webmail-Subscription-Remaining': '10' });
    expect((await lookup()).balance).toBeNull();
    script = json(200, FOUND, { 'Webmail-Subscription-Ends': ENDS });
    expect((await lookup()).balance).toBeNull();
    script = json(200, FOUND, subscription('10', ENDS));
    expect((await lookup()).balance).toEqual({
      credits: null,
      subscription: { remaining: 10, endsAt: ENDS },
    });
  });

  it('reads nothing from an answer outside the contract', async () => {
    script = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', ...credits('41') });
      response.end('<h1>Welcome</h1>');
    };
    expect(await lookup()).toMatchObject({ kind: 'malformed-response', balance: null });
  });

  it('keeps what a failed attempt stated when its retry is not heard', async () => {
    script = sequence(json(503, { success: false, message: 'busy', data: null }, credits('8')), (request) =>
      request.socket.destroy(),
    );
    expect(await lookup({ retries: 1 })).toMatchObject({
      kind: 'network-error',
      balance: { credits: 8, subscription: null },
    });
  });
});

describe('findTopUpUrl', () => {
  it('takes the first http(s) URL and drops trailing punctuation', () => {
    expect(findTopUpUrl('Top up at https://webmaillookup.com/dashboard.')).toBe(
      'https://webmaillookup.com/dashboard',
    );
    expect(findTopUpUrl('see (http://x.example/a?b=1), thanks')).toBe('http://x.example/a?b=1');
  });

  it('never returns another scheme', () => {
    expect(findTopUpUrl('top up at javascript:alert(1) or data:text/html,x')).toBeNull();
  });
});
