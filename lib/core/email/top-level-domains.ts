import { asciiLabel } from './ascii-label.ts';
import { topLevelDomainList } from './top-level-domain-list.ts';

/** Real top-level domains in ASCII form, made on first need (the content script's start is its longest task). */
let topLevelDomains: ReadonlySet<string> | null = null;

/** Whether a label, in any case and in Unicode or punycode form, is a delegated top-level domain. */
export function isTopLevelDomain(label: string): boolean {
  topLevelDomains ??= new Set(topLevelDomainList());
  // Most TLDs in text are already lower-case ASCII: look them up before making a copy.
  if (topLevelDomains.has(label)) return true;
  const ascii = asciiLabel(label);
  return ascii !== null && topLevelDomains.has(ascii);
}

/** The ASCII TLDs by `labelHash`, made on first need; no two have the same (a test checks the list). */
let byHash: ReadonlyMap<number, string> | null = null;

const CHAR_A = 65;
const CHAR_Z = 90;
/** What turns an ASCII capital into its small letter. */
const CASE_BIT = 32;

/**
 * The hash of a label's characters so far, given the hash of those before (0 at its start) and the next
 * character's code in small letters. Extraction hashes a domain's last label as it reads it.
 */
export function nextLabelHash(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) | 0;
}

/** The `nextLabelHash` of a whole label in small ASCII letters. */
export function labelHash(label: string): number {
  let hash = 0;
  for (let i = 0; i < label.length; i++) hash = nextLabelHash(hash, label.charCodeAt(i));
  return hash;
}

/**
 * `isTopLevelDomain(text.slice(start, end))`, without the copy: extraction asks it once an address, and the
 * copy and the set's hashing of it were a tenth of extraction's time (CPU profile of bench/extraction.ts).
 * A label with a character past ASCII (`рф`) takes the general path.
 */
export function isTopLevelDomainAt(text: string, start: number, end: number): boolean {
  let hash = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return isTopLevelDomain(text.slice(start, end));
    hash = nextLabelHash(hash, code >= CHAR_A && code <= CHAR_Z ? code | CASE_BIT : code);
  }
  return isHashedTopLevelDomain(text, start, end, hash);
}

/** `isTopLevelDomainAt` for an ASCII label whose `nextLabelHash` the caller has. */
export function isHashedTopLevelDomain(text: string, start: number, end: number, hash: number): boolean {
  byHash ??= new Map(topLevelDomainList().map((tld) => [labelHash(tld), tld]));
  const tld = byHash.get(hash);
  // Most TLDs in text are in small letters, compared in place; the rest in a copy.
  return (
    tld !== undefined &&
    tld.length === end - start &&
    (text.startsWith(tld, start) || text.slice(start, end).toLowerCase() === tld)
  );
}
