import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { parseLookupTarget } from '#core/email/lookup-target.ts';

/** A valid body is under 400 bytes (a 254-character address plus skip_cache); anything past this is refused. */
export const MAX_BODY_BYTES = 8 * 1024;

export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
}

/** Whether the declared Content-Length already rules the body out, so it need not be read at all. */
export function declaresTooLargeBody(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
}

/**
 * The body, once read; BodyTooLarge as soon as it passes MAX_BODY_BYTES (reading stops there), or the
 * stream's error.
 */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  if (declaresTooLargeBody(request)) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      request.pause();
      reject(new BodyTooLarge());
    });
    // A promise settles once: an end or an error after the refusal, or an error after the end, is not heard.
    request.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)),
    );
    request.on('error', reject);
  });
}

/** What a lookup asks about: the domain, and whether to ask DNS even when its answer is cached. */
export interface LookupRequest {
  domain: string;
  skipCache: boolean;
}

const requestSchema = z.strictObject({
  email: z.string(),
  skip_cache: z.boolean().optional(),
});

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The lookup a body asks for, or null when it is not a JSON object holding `email` (an address or a
 * domain) and optionally a boolean `skip_cache`, and nothing else.
 */
export function parseLookupRequest(body: Uint8Array): LookupRequest | null {
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(body));
  } catch {
    return null;
  }
  const parsed = requestSchema.safeParse(json);
  if (!parsed.success) return null;
  const target = parseLookupTarget(parsed.data.email);
  return target ? { domain: target.domain, skipCache: parsed.data.skip_cache ?? false } : null;
}
