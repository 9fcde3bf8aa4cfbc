import { isTopLevelDomain } from '#core/email/top-level-domains.ts';
import { TYPO_TARGETS } from './targets.ts';
import { AMBIGUITY_MARGIN, leastCost, typoCost } from './typo-cost.ts';

/** The most a typo of a domain that may be registered may cost: one edit (typo-cost.ts). */
const LIMIT_FOR_POSSIBLE_DOMAIN = 1;
/** A domain that cannot exist (no such top-level domain, or no dot) harms no one when corrected: a little more. */
const LIMIT_FOR_IMPOSSIBLE_DOMAIN = 1.5;
/** Each edit costs at least a slip (half an edit), so a wider length gap is past every reach: skip it. */
const MAX_LENGTH_GAP = Math.floor((LIMIT_FOR_IMPOSSIBLE_DOMAIN + AMBIGUITY_MARGIN) / 0.5);
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

/** A domain a typed one is compared with, with its letters counted once for `lettersApart`. */
interface Candidate {
  readonly domain: string;
  readonly letters: readonly (readonly [number, number])[];
}

/** What a typed domain is compared with: the targets, and the rivals that `candidates` was given. */
export interface Candidates {
  readonly targets: readonly Candidate[];
  /** Other mailbox domains: never suggested, but one nearer than the target takes the suggestion away. */
  readonly rivals: readonly Candidate[];
  readonly domains: ReadonlySet<string>;
}

function candidate(domain: string): Candidate {
  const counts = new Map<number, number>();
  for (let i = 0; i < domain.length; i++)
    counts.set(domain.charCodeAt(i), (counts.get(domain.charCodeAt(i)) ?? 0) + 1);
  return { domain, letters: [...counts] };
}

/**
 * The targets, and `rivals`: other real mailbox domains near them (aim.com beside aol.com, hotmail.dk beside
 * hotmail.de), which a typo may have meant instead. Made once: suggest-correction.ts passes the shipped
 * list, `npm run update-typo-data` a fresh one.
 */
export function candidates(rivals: readonly string[]): Candidates {
  const targetSet = new Set(TYPO_TARGETS);
  const others = [...new Set(rivals)].filter((domain) => !targetSet.has(domain));
  return {
    targets: TYPO_TARGETS.map(candidate),
    rivals: others.map(candidate),
    domains: new Set([...TYPO_TARGETS, ...others]),
  };
}

/** How often each ASCII character occurs in the domain being looked at; zeroed after each look. */
const domainLetterCounts = new Uint8Array(128);

/** Counts the domain's letters into domainLetterCounts, or zeroes them again. */
function countLetters(domain: string, counting: boolean): void {
  for (let i = 0; i < domain.length; i++) {
    const code = domain.charCodeAt(i);
    domainLetterCounts[code] = counting ? (domainLetterCounts[code] ?? 0) + 1 : 0;
  }
}

/** How many letters the domain and a candidate do not share, counted with repeats: "aab" and "abc" are 2 apart. */
function lettersApart(domain: string, candidate: Candidate): number {
  let shared = 0;
  for (const [code, count] of candidate.letters) shared += Math.min(count, domainLetterCounts[code] ?? 0);
  return domain.length + candidate.domain.length - 2 * shared;
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

/** How a typed domain is judged: whether it may be registered, and the most its typo may cost. */
interface Look {
  couldBeReal: boolean;
  limit: number;
}

/**
 * What a rival's cost is weighed up by. The targets are the biggest mailbox domains; a rival is a smaller
 * one (another country's hotmail.dk, mail.com's uymail.com), so at the same cost the target is the likelier
 * meaning (typo squatters register 5ymail.com for ymail.com, not for uymail.com). A rival nearer than the
 * target, by any amount, takes the suggestion away.
 */
const RIVAL_HANDICAP = AMBIGUITY_MARGIN;

/** The nearest candidate so far, its cost, and the cost of the next nearest. */
interface Nearest {
  best: Candidate | null;
  bestCost: number;
  secondCost: number;
}

/**
 * Compares the typed domain (its letters counted) with each of `list`, keeping the two nearest. `handicap`
 * is added to each candidate's cost.
 */
function compare(domain: string, list: readonly Candidate[], handicap: number, look: Look, near: Nearest) {
  const appended = appendedCountryTarget(domain);
  for (const candidate of list) {
    // A candidate matters up to a margin past the limit or the best so far: it may make the best ambiguous.
    const reach = Math.min(look.limit, near.bestCost) + AMBIGUITY_MARGIN - handicap;
    if (Math.abs(candidate.domain.length - domain.length) > MAX_LENGTH_GAP) continue;
    if (leastCost(lettersApart(domain, candidate), look.couldBeReal) > reach) continue;
    let cost = typoCost(domain, candidate.domain, look.couldBeReal, reach);
    if (candidate.domain === appended) cost = Math.min(cost, APPENDED_COUNTRY_COST);
    cost += handicap;
    if (cost < near.bestCost) [near.best, near.bestCost, near.secondCost] = [candidate, cost, near.bestCost];
    else if (cost < near.secondCost) near.secondCost = cost;
  }
}

/**
 * The target a typed domain most likely meant, or null: when no target is within the limit, when a rival
 * is nearer, or when another target or rival is about as near (within AMBIGUITY_MARGIN). A domain that is a
 * candidate itself is nearest to itself, so it never gets a suggestion. Knows nothing of other real
 * domains: the caller first rules those out (suggest-correction.ts).
 *
 * @param domain lower-case, at most a few characters longer than the longest target.
 */
export function closestTarget(domain: string, among: Candidates): string | null {
  if (among.domains.has(domain)) return null;
  const couldBeReal = couldBeRegistered(domain);
  const look: Look = {
    couldBeReal,
    limit: couldBeReal ? LIMIT_FOR_POSSIBLE_DOMAIN : LIMIT_FOR_IMPOSSIBLE_DOMAIN,
  };
  const near: Nearest = {
    best: null,
    bestCost: Number.POSITIVE_INFINITY,
    secondCost: Number.POSITIVE_INFINITY,
  };
  countLetters(domain, true);
  compare(domain, among.targets, 0, look, near);
  const target = near.bestCost <= look.limit ? near.best : null;
  // Rivals only take a suggestion away: most domains are near no target, and need not meet them.
  if (target !== null) compare(domain, among.rivals, RIVAL_HANDICAP, look, near);
  countLetters(domain, false);
  if (target === null || near.best !== target) return null;
  return near.secondCost - near.bestCost >= AMBIGUITY_MARGIN ? target.domain : null;
}
