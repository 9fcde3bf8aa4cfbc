import type { WebmailInfo } from '#core/webmail-info.ts';
import { MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { storedBytes } from '#extension/stored-size.ts';

/** The fields of the contract (spec §2.2): always kept. Every other property of an answer is additional. */
const CONTRACT_FIELDS = [
  'name',
  'nice_name',
  'webmail_url',
  'webmail_search_url',
  'is_disposable',
  'is_freemail',
  'is_privacy_service',
] as const satisfies readonly (keyof WebmailInfo)[];

/**
 * A found answer with its additional properties kept as far as they fit in `max` bytes, in the order the
 * service gave them, the rest dropped; null when the contract's fields alone do not fit. Each property adds
 * `,"name":value` to the JSON, so each is measured once.
 */
function fitProperties<R extends LookupResult & { state: 'found' }>(result: R, max: number): R | null {
  const info: Record<string, unknown> = {};
  for (const field of CONTRACT_FIELDS) info[field] = result.info[field];
  let bytes = storedBytes({ ...result, info });
  if (bytes > max) return null;
  for (const [name, value] of Object.entries(result.info)) {
    if (name in info || value === undefined) continue;
    const added = storedBytes(name) + 2 + storedBytes(value);
    if (bytes + added > max) continue;
    info[name] = value;
    bytes += added;
  }
  return { ...result, info: info as WebmailInfo } as R;
}

/** The longest start of `text` whose JSON fits in `room` bytes, marked as cut; found by halving. */
function cutToFit(text: string, room: number): string {
  let fits = 0;
  let over = text.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (storedBytes(`${text.slice(0, middle)}…`) <= room) fits = middle;
    else over = middle;
  }
  return `${text.slice(0, fits)}…`;
}

/**
 * A lookup's result as it is kept in storage (the answer cache, a bulk run's job): at most `max` bytes of
 * JSON (MAX_KEPT_ANSWER_BYTES). A found answer drops the additional properties that do not fit; a message
 * from the service is cut to fit. Null when nothing that means the same fits (a name of 10 KB).
 */
export function keptResult<R extends LookupResult>(result: R, max = MAX_KEPT_ANSWER_BYTES): R | null {
  if (storedBytes(result) <= max) return result;
  if (result.state === 'found') return fitProperties(result, max) as R | null;
  if (!('message' in result)) return null;
  const room = max - storedBytes({ ...result, message: '' }) + 2;
  return room < storedBytes('…') ? null : { ...result, message: cutToFit(result.message, room) };
}
