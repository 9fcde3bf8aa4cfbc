import { sleep as defaultSleep } from '#core/sleep.ts';
import { API_PATH } from '#core/webmail-info.ts';
import { type Envelope, envelopeSchema } from '#core/webmail-info-schema.ts';
import { type Balance, readBalance, withoutBalance } from './balance.ts';
import {
  MAX_RESPONSE_BYTES,
  MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  REQUEST_TIMEOUT_MS,
  RETRY_BASE_DELAY_MS,
} from './client-limits.ts';
import { type ApiOutcome, type ClientOutcome, type ClientProblem, notFoundReason } from './outcome.ts';

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retries?: number;
  retryBaseDelayMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface WebmailInfoRequest {
  /** An email address or a bare domain. */
  email: string;
  skipCache?: boolean;
}

type Attempt = { outcome: ApiOutcome; retryable: boolean; retryAfterMs: number | null };
/** An attempt that was answered, with the balance its answer stated. */
type Answered = Attempt & { balance: Balance | null };

/**
 * Calls POST {baseUrl}/public_api/v1/get_webmail_info and maps every answer to an ApiOutcome, with the
 * balance the service stated (the latest of its attempts that stated one); never throws.
 */
export async function getWebmailInfo(
  request: WebmailInfoRequest,
  options: ApiClientOptions,
): Promise<ClientOutcome> {
  const retries = options.retries ?? MAX_RETRIES;
  const baseDelay = options.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  let attempt = await attemptOnce(request, options);
  let { balance } = attempt;
  for (let retry = 0; retry < retries && attempt.retryable && !options.signal?.aborted; retry++) {
    const backoff = baseDelay * 2 ** retry * (1 + Math.random() * 0.5);
    await sleep(Math.min(Math.max(backoff, attempt.retryAfterMs ?? 0), MAX_RETRY_AFTER_MS));
    attempt = await attemptOnce(request, options);
    balance = attempt.balance ?? balance;
  }
  return { ...attempt.outcome, balance };
}

function endpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${API_PATH}`;
}

async function attemptOnce(request: WebmailInfoRequest, options: ApiClientOptions): Promise<Answered> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const body: Record<string, unknown> = { email: request.email };
  if (request.skipCache) body.skip_cache = true;
  try {
    const response = await (options.fetch ?? fetch)(endpoint(options.baseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      // A redirect could carry the key to another origin; the contract has none, so it is an error.
      redirect: 'manual',
      signal,
    });
    const text = await readLimited(response);
    return withBalance(interpret(response, text), response.headers);
  } catch (error) {
    return { ...unanswered(error, timeout, options), balance: null };
  }
}

/** Why an attempt got no answer it could read: a timeout, the caller's cancel, too large, or no service. */
function unanswered(error: unknown, timeout: AbortSignal, options: ApiClientOptions): Attempt {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  if (timeout.aborted) {
    return retryable({
      kind: 'timeout',
      message: `The lookup service did not answer within ${timeoutMs / 1000} s.`,
      problem: { code: 'timeout', seconds: timeoutMs / 1000 },
    });
  }
  if (options.signal?.aborted) {
    return final({
      kind: 'network-error',
      message: 'The lookup was cancelled.',
      problem: { code: 'cancelled' },
    });
  }
  if (error instanceof ResponseTooLarge) {
    return final(
      malformed(error.status, 'The lookup service sent an answer far larger than expected.', 'too-large'),
    );
  }
  return retryable({
    kind: 'network-error',
    message: 'The lookup service could not be reached.',
    problem: { code: 'unreachable' },
  });
}

class ResponseTooLarge extends Error {
  constructor(readonly status: number) {
    super('response too large');
  }
}

/** Reads the body as text, refusing (without reading on) anything over MAX_RESPONSE_BYTES. */
async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new ResponseTooLarge(response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new ResponseTooLarge(response.status);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The balance the answer stated, taken out of a 200's info: the info is the domain's, cached and shown long
 * after; the balance is the account's at this moment.
 */
function withBalance(attempt: Attempt, headers: Headers): Answered {
  const { outcome } = attempt;
  // An answer outside the contract (a redirect, not JSON) may not be the service's: none of it is read.
  if (outcome.kind === 'malformed-response') return { ...attempt, balance: null };
  if (outcome.kind !== 'found') return { ...attempt, balance: readBalance(headers, null) };
  const info = withoutBalance(outcome.info);
  return { ...attempt, outcome: { ...outcome, info }, balance: readBalance(headers, outcome.info) };
}

function final(outcome: ApiOutcome): Attempt {
  return { outcome, retryable: false, retryAfterMs: null };
}

function retryable(outcome: ApiOutcome, retryAfterMs: number | null = null): Attempt {
  return { outcome, retryable: true, retryAfterMs };
}

function malformed(status: number, message: string, code: ClientProblem['code']): ApiOutcome {
  return { kind: 'malformed-response', status, message, problem: { code, status } };
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

/** Punctuation that ends a sentence around a URL rather than the URL: `(see https://x.com/top-up).` */
const SENTENCE_PUNCTUATION = new Set('.,;:!?)]');

/** A URL without the sentence's punctuation after it: read back from its end, once over each character. */
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  while (end > 0 && SENTENCE_PUNCTUATION.has(url[end - 1] ?? '')) end--;
  return url.slice(0, end);
}

/** The first http(s) URL in a message, for the "top up" link of a billing refusal. */
export function findTopUpUrl(message: string): string | null {
  for (const candidate of message.match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
    const trimmed = withoutTrailingPunctuation(candidate);
    try {
      const url = new URL(trimmed);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    } catch {}
  }
  return null;
}

/** A 5xx: the service's own words where it sent some, else ours, said by code. */
function serverError(status: number, envelope: Envelope | null): ApiOutcome {
  if (envelope?.message) return { kind: 'server-error', status, message: envelope.message };
  const message = `The lookup service failed (HTTP ${status}).`;
  return { kind: 'server-error', status, message, problem: { code: 'server-failed', status } };
}

/** A 429: the service's own words where it sent some, else ours, said by code. */
function rateLimited(envelope: Envelope | null, retryAfter: number | null): ApiOutcome {
  if (envelope?.message)
    return { kind: 'rate-limited', message: envelope.message, retryAfterSeconds: retryAfter };
  const message = 'Too many lookups at once; try again shortly.';
  return { kind: 'rate-limited', message, retryAfterSeconds: retryAfter, problem: { code: 'rate-limited' } };
}

function interpret(response: Response, text: string): Attempt {
  const { status } = response;
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return final(
      malformed(status, 'The lookup service answered with a redirect, which it never should.', 'redirect'),
    );
  }
  const envelope = parseEnvelope(text);
  if (status >= 500) {
    return retryable(serverError(status, envelope), (retryAfterSeconds(response) ?? 0) * 1000);
  }
  if (status === 429) {
    return final(rateLimited(envelope, retryAfterSeconds(response)));
  }
  if (!envelope) {
    return final(
      malformed(
        status,
        `The lookup service sent an answer that is not the expected JSON (HTTP ${status}).`,
        'not-json',
      ),
    );
  }
  const { message } = envelope;
  switch (status) {
    case 200:
      if (!envelope.success || !envelope.data) {
        return final(
          malformed(status, 'The lookup service said it succeeded but sent no webmail info.', 'no-data'),
        );
      }
      return final({ kind: 'found', info: envelope.data, message });
    case 400:
      return final({ kind: 'invalid-request', message });
    case 401:
      return final(
        /does not exist/i.test(message)
          ? { kind: 'unknown-key', message }
          : { kind: 'billing', message, topUpUrl: findTopUpUrl(message) },
      );
    case 402:
      return final({ kind: 'billing', message, topUpUrl: findTopUpUrl(message) });
    case 404:
      return final({ kind: 'not-found', reason: notFoundReason(message), message });
    default:
      return final(
        malformed(
          status,
          `The lookup service answered with an unexpected status (HTTP ${status}).`,
          'unexpected-status',
        ),
      );
  }
}
