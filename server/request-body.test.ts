import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  BodyTooLarge,
  declaresTooLargeBody,
  MAX_BODY_BYTES,
  parseLookupRequest,
  readBody,
} from './request-body.ts';

/** A request as the HTTP server hands it over, with the headers given; the test pushes its body. */
function request(headers: Record<string, string> = {}): IncomingMessage {
  const message = new IncomingMessage(new Socket());
  message.headers = headers;
  return message;
}

/** What readBody reported, once the request's events have been delivered. */
function read(message: IncomingMessage) {
  const outcome: { bodies: Buffer[]; failures: Error[] } = { bodies: [], failures: [] };
  readBody(message).then(
    (body) => outcome.bodies.push(body),
    (error: Error) => outcome.failures.push(error),
  );
  return outcome;
}

/** Lets the stream deliver what was pushed (its events come on later ticks). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

/** A request whose body comes in `pieces`, then ends unless `end` is false; once all of it is delivered. */
async function readSent(pieces: readonly Buffer[], { end = true } = {}) {
  const message = request();
  const outcome = read(message);
  for (const piece of pieces) message.push(piece);
  if (end) message.push(null);
  await delivered();
  return { message, outcome };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('declaresTooLargeBody', () => {
  it('rules out a body declared past MAX_BODY_BYTES, and only such a body', () => {
    expect(declaresTooLargeBody(request({ 'content-length': String(MAX_BODY_BYTES + 1) }))).toBe(true);
    expect(declaresTooLargeBody(request({ 'content-length': String(MAX_BODY_BYTES) }))).toBe(false);
    expect(declaresTooLargeBody(request({ 'content-length': '40' }))).toBe(false);
  });

  it('does not rule out a body whose length is not declared (chunked)', () => {
    expect(declaresTooLargeBody(request())).toBe(false);
    expect(declaresTooLargeBody(request({ 'transfer-encoding': 'chunked' }))).toBe(false);
  });
});

describe('readBody', () => {
  it('hands over a body sent in one piece', async () => {
    const { outcome } = await readSent([Buffer.from('{"email":"jane@example.com"}')]);
    expect(outcome.failures).toEqual([]);
    expect(outcome.bodies.map(String)).toEqual(['{"email":"jane@example.com"}']);
  });

  it('joins a body sent in pieces, in order', async () => {
    const { outcome } = await readSent(
      ['{"email":', '"jane@', 'example.com"}'].map((piece) => Buffer.from(piece)),
    );
    expect(outcome.bodies.map(String)).toEqual(['{"email":"jane@example.com"}']);
  });

  it('hands over an empty body as empty', async () => {
    const { outcome } = await readSent([]);
    expect(outcome.bodies.map((body) => body.length)).toEqual([0]);
  });

  it('takes a body of exactly MAX_BODY_BYTES, sent in pieces', async () => {
    const { outcome } = await readSent([Buffer.alloc(MAX_BODY_BYTES - 1, 'a'), Buffer.from('b')]);
    expect(outcome.failures).toEqual([]);
    expect(outcome.bodies.map((body) => body.length)).toEqual([MAX_BODY_BYTES]);
  });

  it('refuses a body once it passes MAX_BODY_BYTES, once, and stops reading it', async () => {
    const { message, outcome } = await readSent([Buffer.alloc(MAX_BODY_BYTES, 'a'), Buffer.from('b')], {
      end: false,
    });
    expect(outcome.failures).toEqual([expect.any(BodyTooLarge)]);
    expect(message.isPaused()).toBe(true);
    message.push(Buffer.from('more'));
    message.resume();
    message.push(null);
    await delivered();
    expect(outcome.failures).toHaveLength(1);
    expect(outcome.bodies).toEqual([]);
  });

  it('refuses a body declared too large without waiting for it', async () => {
    const message = request({ 'content-length': String(MAX_BODY_BYTES + 1) });
    const outcome = read(message);
    await Promise.resolve();
    expect(outcome.failures).toEqual([expect.any(BodyTooLarge)]);
    expect(outcome.failures.map(String)).toEqual(['BodyTooLarge']);
    expect(message.listenerCount('data')).toBe(0);
  });

  it('reports a failure of the stream once, and nothing after it', async () => {
    const message = request();
    const outcome = read(message);
    message.push(Buffer.from('{"email":'));
    message.destroy(new Error('connection reset'));
    await delivered();
    message.emit('error', new Error('again'));
    message.emit('end');
    expect(outcome.failures.map((error) => error.message)).toEqual(['connection reset']);
    expect(outcome.bodies).toEqual([]);
  });

  it('reports nothing for a failure after the body was handed over', async () => {
    const { message, outcome } = await readSent([Buffer.from('{}')]);
    message.emit('error', new Error('late'));
    expect(outcome.failures).toEqual([]);
    expect(outcome.bodies).toHaveLength(1);
  });

  it('hands over nothing after it refused the body, even if the stream then ends', async () => {
    const { message, outcome } = await readSent([Buffer.alloc(MAX_BODY_BYTES + 1, 'a')], { end: false });
    message.emit('end');
    message.emit('error', new Error('late'));
    expect(outcome.failures).toEqual([expect.any(BodyTooLarge)]);
    expect(outcome.bodies).toEqual([]);
  });
});

describe('parseLookupRequest', () => {
  it('reads the domain of an address, and of a bare domain, normalised', () => {
    expect(parseLookupRequest(utf8('{"email":"Jane@Example.COM"}'))).toEqual({
      domain: 'example.com',
      skipCache: false,
    });
    expect(parseLookupRequest(utf8('{"email":"example.com"}'))).toEqual({
      domain: 'example.com',
      skipCache: false,
    });
  });

  it('reads skip_cache when it is given', () => {
    expect(parseLookupRequest(utf8('{"email":"example.com","skip_cache":true}'))?.skipCache).toBe(true);
    expect(parseLookupRequest(utf8('{"email":"example.com","skip_cache":false}'))?.skipCache).toBe(false);
  });

  it.each([
    ['not JSON', '{"email":'],
    ['a JSON string', '"jane@example.com"'],
    ['no email', '{"skip_cache":true}'],
    ['an email that is not a string', '{"email":["jane@example.com"]}'],
    ['a skip_cache that is not a boolean', '{"email":"example.com","skip_cache":"yes"}'],
    ['a field the API does not have', '{"email":"example.com","domain":"other.example"}'],
    ['a __proto__ field', '{"email":"example.com","__proto__":{"skip_cache":true}}'],
    ['a skip_cache that is null', '{"email":"example.com","skip_cache":null}'],
    ['an array', '[{"email":"example.com"}]'],
    ['null', 'null'],
    ['an email that is neither an address nor a domain', '{"email":"jane at example"}'],
  ])('refuses %s', (_, body) => {
    expect(parseLookupRequest(utf8(body))).toBeNull();
  });

  it('refuses a body that is not UTF-8, rather than reading a replacement character', () => {
    // In a quoted local part, where a replacement character would make a valid address.
    const body = new Uint8Array([...utf8('{"email":"\\"ja'), 0xff, ...utf8('ne\\"@example.com"}')]);
    expect(parseLookupRequest(utf8('{"email":"\\"ja\uFFFDne\\"@example.com"}'))?.domain).toBe('example.com');
    expect(parseLookupRequest(body)).toBeNull();
  });
});
