import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/messages.ts';
import { MAX_BODY_BYTES } from '../../server/request-body.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

const stacks = serviceStacksForFile();

/** Bodies that are not a JSON object holding an email address or domain (and at most skip_cache). */
const MALFORMED_BODIES: [string, string][] = [
  ['an empty body', ''],
  ['whitespace', '   \n'],
  ['plain text', 'gmail.com'],
  ['a JSON string', '"gmail.com"'],
  ['a JSON number', '42'],
  ['JSON null', 'null'],
  ['JSON true', 'true'],
  ['a JSON array', '["a@gmail.com"]'],
  ['an empty object', '{}'],
  ['truncated JSON', '{"email": "a@gmail.com"'],
  ['single-quoted JSON', "{'email': 'a@gmail.com'}"],
  ['a trailing comma', '{"email": "a@gmail.com",}'],
  ['form encoding', 'email=a%40gmail.com'],
  ['email as a number', '{"email": 12}'],
  ['email as null', '{"email": null}'],
  ['email as an array', '{"email": ["a@gmail.com"]}'],
  ['email as an object', '{"email": {"address": "a@gmail.com"}}'],
  ['email as a boolean', '{"email": true}'],
  ['an empty email', '{"email": ""}'],
  ['only spaces', '{"email": "   "}'],
  ['a bare @', '{"email": "@"}'],
  ['no local part', '{"email": "@gmail.com"}'],
  ['no domain', '{"email": "someone@"}'],
  ['a single-label domain', '{"email": "someone@localhost"}'],
  ['two @ signs unquoted', '{"email": "a@b@gmail.com"}'],
  ['a space in the domain', '{"email": "a@gm ail.com"}'],
  ['a domain label over 63 characters', `{"email": "a@${'x'.repeat(64)}.com"}`],
  ['a domain over 253 characters', `{"email": "${Array.from({ length: 60 }, () => 'abcd').join('.')}.com"}`],
  ['a local part over 64 octets', `{"email": "${'a'.repeat(65)}@gmail.com"}`],
  ['a leading dot in the local part', '{"email": ".a@gmail.com"}'],
  ['two dots in a row', '{"email": "john..doe@gmail.com"}'],
  ['a hyphen at a label start', '{"email": "a@-gmail.com"}'],
  ['an empty label', '{"email": "a@gmail..com"}'],
  ['an IP address', '{"email": "a@192.168.0.1"}'],
  ['an address literal', '{"email": "a@[127.0.0.1]"}'],
  ['a URL', '{"email": "https://gmail.com/"}'],
  ['a domain with a port', '{"email": "gmail.com:25"}'],
  ['skip_cache as a string', '{"email": "a@gmail.com", "skip_cache": "true"}'],
  ['skip_cache as a number', '{"email": "a@gmail.com", "skip_cache": 1}'],
  ['skip_cache as null', '{"email": "a@gmail.com", "skip_cache": null}'],
  ['an unknown extra key', '{"email": "a@gmail.com", "skipCache": true}'],
  ['a __proto__ key', '{"email": "a@gmail.com", "__proto__": {"admin": true}}'],
  ['the key in another case', '{"Email": "a@gmail.com"}'],
  ['an unpaired surrogate in the domain', '{"email": "a@gm\udcffail.com"}'],
  ['a control character in the address', '{"email": "a\\u0000b@gmail.com"}'],
  ['a newline in the domain', '{"email": "a@gmail.com\\nbcc@evil.example"}'],
  ['a percent-encoded domain', '{"email": "a@%67mail.com"}'],
  ['a numeric top-level domain', '{"email": "a@example.123"}'],
  ['two JSON documents', '{"email": "a@gmail.com"}{"email": "b@gmail.com"}'],
  ['a JSON document with trailing text', '{"email": "a@gmail.com"} extra'],
];

/** Sends raw bytes and returns what the service wrote back before closing or after `waitMs`. */
function rawExchange(port: number, request: string, waitMs = 2_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.write(request);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, waitMs);
  });
}

describe.each(BACKENDS)('on %s', (backend) => {
  const stack = stacks.useStack(backend, { credits: 100 });

  describe('400 for every malformed body, free of charge', () => {
    it('has at least 50 cases', () => {
      expect(MALFORMED_BODIES.length).toBeGreaterThanOrEqual(50);
    });

    it.each(MALFORMED_BODIES)('%s', async (_case, body) => {
      const before = (await stack.service.balance(stack.key)).credits;
      const { status, json } = await stack.service.lookup(body, stack.key);
      expect(status).toBe(400);
      expect(json).toEqual({ success: false, message: MESSAGES.badRequest, data: null });
      expect((await stack.service.balance(stack.key)).credits).toBe(before);
    });

    it('the 400 message starts with the hosted service’s text', () => {
      expect(MESSAGES.badRequest).toMatch(
        /^Error parsing request - should be a json object containing the key email with an email or domain, plus an optional skip_cache/,
      );
    });
  });

  describe('accepted shapes', () => {
    it.each([
      ['plus addressing', 'jane+tag@gmail.com'],
      ['a quoted local part', '"jane doe"@gmail.com'],
      ['a Unicode local part (SMTPUTF8)', 'jöran@gmail.com'],
      ['skip_cache false', { email: 'gmail.com', skip_cache: false }],
    ])('%s', async (_case, email) => {
      const { status } = await stack.service.lookup(typeof email === 'string' ? { email } : email, stack.key);
      expect(status).toBe(200);
    });
  });

  describe('oversized bodies are refused without being read whole', () => {
    const port = () => Number(new URL(stack.service.baseUrl).port);

    it('refuses a declared length over the limit at once, before the body arrives', async () => {
      const answer = await rawExchange(
        port(),
        `POST /public_api/v1/get_webmail_info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${stack.key}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"email":`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toContain(MESSAGES.badRequest);
      expect(answer.toLowerCase()).toContain('connection: close');
    });

    it('does not send 100 Continue for an oversized body', async () => {
      const answer = await rawExchange(
        port(),
        `POST /public_api/v1/get_webmail_info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${stack.key}\r\nExpect: 100-continue\r\nContent-Length: 10000000\r\n\r\n`,
      );
      expect(answer).not.toContain('100 Continue');
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    });

    it('stops reading a chunked body once it passes the limit', async () => {
      const chunk = `${'x'.repeat(4096).length.toString(16)}\r\n${'x'.repeat(4096)}\r\n`;
      const answer = await rawExchange(
        port(),
        `POST /public_api/v1/get_webmail_info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${stack.key}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.repeat(Math.ceil(MAX_BODY_BYTES / 4096) + 1)}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    });

    it('answers garbage that is not HTTP with a 400 envelope and stays up', async () => {
      const answer = await rawExchange(port(), 'NOT HTTP AT ALL\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toContain('"data":null');
      expect((await stack.service.lookup({ email: 'gmail.com' }, stack.key)).status).toBe(200);
    });
  });
});
