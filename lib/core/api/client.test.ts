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
    expect(await lookup()).toEqual({ kind: 'not-found', reason, message });
  });

  it.each([
    [400, 'Error parsing request', 'invalid-request'],
    [401, 'Unauthorised - the specified API key does not exist', 'unknown-key'],
  ])('%i → %s', async (status, message, kind) => {
    script = json(status, { success: false, message, data: null });
    expect(await lookup()).toEqual({ kind, message });
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
    expect(await lookup()).toEqual({ kind: 'rate-limited', message: 'slow down', retryAfterSeconds: 30 });
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
