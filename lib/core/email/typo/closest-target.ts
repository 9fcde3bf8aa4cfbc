import { isTopLevelDomain } from '#core/email/top-level-domains.ts';
import { TYPO_TARGETS } from './targets.ts';
import { leastCost, typoCost } from './typo-cost.ts';

/** The most a typo of a domain that may be registered may cost: one edit (typo-cost.ts). */
const LIMIT_FOR_POSSIBLE_DOMAIN = 1;
/** A domain that cannot exist (no such top-level domain, or no dot) harms no one when corrected: a little more. */
const LIMIT_FOR_IMPOSSIBLE_DOMAIN = 1.5;
/** Each edit costs at least a slip, so a length gap above this is over every limit: skip the target. */
const MAX_LENGTH_GAP = Math.floor(LIMIT_FOR_IMPOSSIBLE_DOMAIN / 0.5);
/**
 * Providers with one domain for every country (Google, Apple), so that a country code typed after it
 * (gmail.com.br, icloud.com.mx) is always a mistake. Others have real country domains we may not know of
 * (aol.com.au, msn.com.au), and get no such correction.
 */
const COUNTRYLESS_TARGETS = ['gmail.com', 'googlemail.com', 'icloud.com'];
/** Country codes typed after a provider's only domain (gmail.com.br): two or three letters. */
const APPENDED_COUNTRY = /^\.[a-z]{2,3}$/;
/** What an appended country costs: one edit, so a typo in the name as well is too much. */
const APPENDED_COUNTRY_COST = 1;

const targetSet: ReadonlySet<string> = new Set(TYPO_TARGETS);

/** Each target's letters with how often each occurs, for `lettersApart`. */
const targetLetterCounts = TYPO_TARGETS.map((target) => {
  const counts = new Map<number, number>();
  for (let i = 0; i < target.length; i++)
    counts.set(target.charCodeAt(i), (counts.get(target.charCodeAt(i)) ?? 0) + 1);
  return [...counts];
});
/** How often each ASCII character occurs in the domain being looked at; zeroed after each look. */
const domainLetterCounts = new Uint8Array(128);

/** Counts the domain's letters into domainLetterCounts, or zeroes them again. */
function countLetters(domain: string, counting: boolean): void {
  for (let i = 0; i < domain.length; i++) {
    const code = domain.charCodeAt(i);
    domainLetterCounts[code] = counting ? (domainLetterCounts[code] ?? 0) + 1 : 0;
  }
}

/** How many letters the domain and a target do not share, counted with repeats: "aab" and "abc" are 2 apart. */
function lettersApart(domain: string, target: string, targetCounts: readonly [number, number][]): number {
  let shared = 0;
  for (const [code, count] of targetCounts) shared += Math.min(count, domainLetterCounts[code] ?? 0);
  return domain.length + target.length - 2 * shared;
}

/** Whether the domain could be registered: two labels or more, and a top-level domain that exists. */
function couldBeRegistered(domain: string): boolean {
  const lastDot = domain.lastIndexOf('.');
  return lastDot > 0 && isTopLevelDomain(domain.slice(lastDot + 1));
}

function appendedCountryTarget(domain: string): string | null {
  for (const target of COUNTRYLESS_TARGETS) {
    if (domain.startsWith(target) && APPENDED_COUNTRY.test(domain.slice(target.length))) return target;
  }
  return null;
}

/**
 * The target a typed domain most likely meant, or null when none is close enough or two are equally close.
 * Knows nothing of real domains: the caller first rules those out (suggest-correction.ts).
 *
 * @param domain lower-case, at most a few characters longer than the longest target.
 */
export function closestTarget(domain: string): string | null {
  if (targetSet.has(domain)) return null;
  const couldBeReal = couldBeRegistered(domain);
  const limit = couldBeReal ? LIMIT_FOR_POSSIBLE_DOMAIN : LIMIT_FOR_IMPOSSIBLE_DOMAIN;
  let best = appendedCountryTarget(domain);
  let bestCost = best ? APPENDED_COUNTRY_COST : Number.POSITIVE_INFINITY;
  let tied = false;
  countLetters(domain, true);
  TYPO_TARGETS.forEach((target, index) => {
    if (Math.abs(target.length - domain.length) > MAX_LENGTH_GAP) return;
    const apart = lettersApart(domain, target, targetLetterCounts[index] ?? []);
    if (leastCost(apart, couldBeReal) > limit) return;
    const cost = typoCost(domain, target, couldBeReal, Math.min(limit, bestCost));
    if (cost < bestCost) [best, bestCost, tied] = [target, cost, false];
    else if (cost === bestCost && cost <= limit) tied = true;
  });
  countLetters(domain, false);
  return best !== null && bestCost <= limit && !tied ? best : null;
}
