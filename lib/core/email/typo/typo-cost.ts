import { areNeighbourKeys } from './keyboard.ts';

/** A slip people make all the time: a neighbouring key, a doubled or dropped double letter, two letters swapped, a missing dot. */
const SLIP = 0.5;
/**
 * A slip in a domain that may be registered: over half an edit, so that two slips cost more than the one
 * edit such a domain may be away from its target (bitmail.com is a name of its own, not hotmail.com twice
 * mistyped).
 */
const SLIP_IN_POSSIBLE_DOMAIN = 0.75;
/** Any other single edit. */
const EDIT = 1;
/**
 * How much nearer than every other candidate a target must be to be suggested: half an edit, what tells a
 * slip from any other edit. Less than that apart, the typo may as well have meant either, and neither is
 * suggested: hotmail.fe is a slip from hotmail.fr and from hotmail.de; bmail.com, which may be registered,
 * is a neighbouring key from gmail.com and another letter from ymail.com, a quarter of an edit apart.
 */
export const AMBIGUITY_MARGIN = SLIP;
/** An edit that would turn one real name into another (aok.de is not aol.de): never a typo. */
const NOT_A_TYPO = Number.POSITIVE_INFINITY;
/**
 * A provider's name this short has real mail domains at one changed or dropped letter (aok.de, gol.com,
 * my.com), so only a slip that keeps every letter of the name passes: a key hit twice or with its neighbour
 * (gmxx.de, gmnx.de), two letters swapped (gxm.de).
 */
const SHORT_NAME = 3;
/** A name this short is a word of its own after any slip but a doubled key (ua.com, aiu.com: not au.com). */
const TINY_NAME = 2;
/** At this length and above, one arbitrary edit in the name passes (gmeil.com); below it, only slips. */
const LONG_NAME = 5;

/** `moveDot` is a swap of the dot with a letter (gmailc.om): a slip wherever it happens. */
const DOT = 46;

type Edit = 'substitute' | 'insert' | 'delete' | 'swap' | 'moveDot';

/**
 * Where in a target an edit falls: the name (and any label before it: the i. of i.softbank.jp), the category
 * of a two-label suffix (the com of com.br, the co of co.uk, the ne of ne.jp), or the top-level label.
 */
type Part = 'name' | 'category' | 'top';

/**
 * What one edit costs. `couldBeReal` says the typed domain may be a registered name (its top-level domain
 * exists): then an edit that makes a plausible other name is not a typo. In the top-level label such a
 * domain may only have lost a letter (gmail.co, gmail.cm): any other edit there makes another country's
 * domain (gmail.hu, web.dk, outlook.se are not gmail.com, web.de, outlook.es). In the category it may also
 * have a slip (bol.con.br, yahoo.cco.uk): that keeps the country, and makes a category no provider uses.
 */
function editCost(edit: Edit, slip: boolean, part: Part, nameLength: number, couldBeReal: boolean): number {
  if (!couldBeReal) return slip ? SLIP : EDIT;
  if (edit === 'moveDot') return SLIP_IN_POSSIBLE_DOMAIN;
  if (part !== 'name') {
    if (edit === 'delete' || (slip && part === 'category')) return slip ? SLIP_IN_POSSIBLE_DOMAIN : EDIT;
    return NOT_A_TYPO;
  }
  if (nameLength <= TINY_NAME) return edit === 'insert' && slip ? SLIP_IN_POSSIBLE_DOMAIN : NOT_A_TYPO;
  if (nameLength <= SHORT_NAME) return keepsLetters(edit) && slip ? SLIP_IN_POSSIBLE_DOMAIN : NOT_A_TYPO;
  if (slip) return SLIP_IN_POSSIBLE_DOMAIN;
  return nameLength >= LONG_NAME ? EDIT : NOT_A_TYPO;
}

/** An edit after which every letter of the name is still there: one added, or two swapped. */
function keepsLetters(edit: Edit): boolean {
  return edit === 'insert' || edit === 'swap';
}

/** A category of a two-label suffix is this short (co, ne, com); a longer label is a name (softbank.jp). */
const MAX_CATEGORY_LENGTH = 3;

/** The target being compared and the typed domain's kind, set by `typoCost` for `cost`: it allocates nothing. */
const shape = { nameEnd: 0, topStart: 0, nameLength: 0, couldBeReal: false };

/**
 * Sets where the target's name ends and its top-level label starts (the offsets of the dots before them),
 * and the name's length. A suffix has two labels when the top-level one is a country's (two letters) and the
 * one before it a category; no list of suffixes is needed for the targets' few.
 */
function setShape(target: string, couldBeReal: boolean): void {
  const topStart = target.lastIndexOf('.');
  const before = target.lastIndexOf('.', topStart - 1);
  const twoLabels =
    before > 0 && target.length - topStart - 1 === 2 && topStart - before - 1 <= MAX_CATEGORY_LENGTH;
  shape.nameEnd = twoLabels ? before : topStart;
  shape.topStart = topStart;
  shape.nameLength = shape.nameEnd - target.lastIndexOf('.', shape.nameEnd - 1) - 1;
  shape.couldBeReal = couldBeReal;
}

function partAt(at: number): Part {
  return at < shape.nameEnd ? 'name' : at < shape.topStart ? 'category' : 'top';
}

/** What an edit at the target's offset `at` costs. */
function cost(edit: Edit, slip: boolean, at: number): number {
  return editCost(edit, slip, partAt(at), shape.nameLength, shape.couldBeReal);
}

/**
 * What inserting a typed character after the target's offset `at` costs (it belongs to that character's
 * part). In a tiny name of a domain that may be registered, only a doubled key is a slip.
 */
function insertCost(doubled: boolean, nearKey: boolean, at: number): number {
  const tiny = shape.couldBeReal && shape.nameLength <= TINY_NAME && partAt(at) === 'name';
  return cost('insert', doubled || (nearKey && !tiny), at);
}

/** A letter dropped from a double (yaho), or a dropped dot (gmailcom). */
function isDeleteSlip(target: string, at: number): boolean {
  const dropped = target.charCodeAt(at);
  return dropped === DOT || dropped === target.charCodeAt(at - 1) || dropped === target.charCodeAt(at + 1);
}

/**
 * The least a domain whose letters differ from the target's by `lettersApart` (counted as a multiset) can
 * cost: an edit changes that count by two at most and costs at least a slip. Rules most targets out before
 * the table is made.
 */
export function leastCost(lettersApart: number, couldBeReal: boolean): number {
  return Math.ceil(lettersApart / 2) * (couldBeReal ? SLIP_IN_POSSIBLE_DOMAIN : SLIP);
}

/** The table's last three rows, reused across calls: a suggestion allocates nothing per target. */
let rows: [Float64Array, Float64Array, Float64Array] = [
  new Float64Array(0),
  new Float64Array(0),
  new Float64Array(0),
];

function rowsFor(width: number): [Float64Array, Float64Array, Float64Array] {
  if (rows[0].length < width)
    rows = [new Float64Array(width), new Float64Array(width), new Float64Array(width)];
  return rows;
}

/**
 * The cost of typing `typed` for `target`: an optimal-string-alignment distance whose edits are weighed by
 * how likely a person makes them (keyboard neighbours on QWERTY, QWERTZ and AZERTY; doubled letters; swapped
 * letters; a missing dot). Returns Infinity as soon as every alignment costs more than `limit`, so a domain
 * far from the target costs one or two rows of the table.
 */
export function typoCost(typed: string, target: string, couldBeReal: boolean, limit: number): number {
  setShape(target, couldBeReal);
  const width = target.length + 1;
  let [before, previous, current] = rowsFor(width);
  previous[0] = 0;
  let previousMinimum = 0;
  for (let j = 1; j < width; j++) {
    previous[j] = (previous[j - 1] as number) + cost('delete', isDeleteSlip(target, j - 1), j - 1);
  }
  for (let i = 1; i <= typed.length; i++) {
    const typedChar = typed.charCodeAt(i - 1);
    const doubled = typedChar === typed.charCodeAt(i - 2) || typedChar === typed.charCodeAt(i);
    const nearKey =
      areNeighbourKeys(typedChar, typed.charCodeAt(i - 2)) ||
      areNeighbourKeys(typedChar, typed.charCodeAt(i));
    current[0] = (previous[0] as number) + insertCost(doubled, nearKey, 0);
    let rowMinimum = current[0] as number;
    for (let j = 1; j < width; j++) {
      const targetChar = target.charCodeAt(j - 1);
      const diagonal = previous[j - 1] as number;
      let best =
        typedChar === targetChar
          ? diagonal
          : diagonal + cost('substitute', areNeighbourKeys(typedChar, targetChar), j - 1);
      best = Math.min(best, (previous[j] as number) + insertCost(doubled, nearKey, j - 1));
      best = Math.min(best, (current[j - 1] as number) + cost('delete', isDeleteSlip(target, j - 1), j - 1));
      if (
        i > 1 &&
        j > 1 &&
        typedChar === target.charCodeAt(j - 2) &&
        typed.charCodeAt(i - 2) === targetChar
      ) {
        const swap = typedChar === DOT || targetChar === DOT ? 'moveDot' : 'swap';
        best = Math.min(best, (before[j - 2] as number) + cost(swap, true, j - 2));
      }
      current[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    // A swap reads the row before the last as well: stop only when neither can stay within the limit.
    if (rowMinimum > limit && previousMinimum > limit) return Number.POSITIVE_INFINITY;
    previousMinimum = rowMinimum;
    [before, previous, current] = [previous, current, before];
  }
  return previous[width - 1] as number;
}
