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
/** An edit that would turn one real name into another (aok.de is not aol.de): never a typo. */
const NOT_A_TYPO = Number.POSITIVE_INFINITY;
/** A provider's name this short has real neighbours at one edit, so only a doubled letter passes (gmxx.de). */
const SHORT_NAME = 3;
/** At this length and above, one arbitrary edit in the name passes (gmeil.com); below it, only slips. */
const LONG_NAME = 5;

/** `moveDot` is a swap of the dot with a letter (gmailc.om): a slip wherever it happens. */
const DOT = 46;

type Edit = 'substitute' | 'insert' | 'delete' | 'swap' | 'moveDot';

/**
 * What one edit costs. `couldBeReal` says the typed domain may be a registered name (its top-level domain
 * exists): then an edit that makes a plausible other name is not a typo. In the suffix (the target's part
 * after its first dot) such a domain may only have lost a letter (gmail.co, gmail.cm): any other edit there
 * makes another country's domain (gmail.hu, web.dk, outlook.se are not gmail.com, web.de, outlook.es).
 */
function editCost(
  edit: Edit,
  slip: boolean,
  inName: boolean,
  nameLength: number,
  couldBeReal: boolean,
): number {
  if (!couldBeReal) return slip ? SLIP : EDIT;
  if (edit === 'moveDot') return SLIP_IN_POSSIBLE_DOMAIN;
  if (!inName) return edit !== 'delete' ? NOT_A_TYPO : slip ? SLIP_IN_POSSIBLE_DOMAIN : EDIT;
  if (nameLength <= SHORT_NAME) return edit === 'insert' && slip ? SLIP_IN_POSSIBLE_DOMAIN : NOT_A_TYPO;
  if (slip) return SLIP_IN_POSSIBLE_DOMAIN;
  return nameLength >= LONG_NAME ? EDIT : NOT_A_TYPO;
}

/** The typed domain as an insertion slip: a doubled key, or a key next to one of the keys around it. */
function isInsertSlip(typed: string, at: number, doubledOnly: boolean): boolean {
  const inserted = typed.charCodeAt(at);
  const before = typed.charCodeAt(at - 1);
  const after = typed.charCodeAt(at + 1);
  if (inserted === before || inserted === after) return true;
  return !doubledOnly && (areNeighbourKeys(inserted, before) || areNeighbourKeys(inserted, after));
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
  const nameLength = target.indexOf('.');
  const width = target.length + 1;
  let [before, previous, current] = rowsFor(width);
  previous[0] = 0;
  for (let j = 1; j < width; j++) {
    previous[j] =
      (previous[j - 1] as number) +
      editCost('delete', isDeleteSlip(target, j - 1), j - 1 < nameLength, nameLength, couldBeReal);
  }
  for (let i = 1; i <= typed.length; i++) {
    const typedChar = typed.charCodeAt(i - 1);
    const insertIsSlip = isInsertSlip(typed, i - 1, couldBeReal && nameLength <= SHORT_NAME);
    current[0] = (previous[0] as number) + editCost('insert', insertIsSlip, true, nameLength, couldBeReal);
    let rowMinimum = current[0] as number;
    for (let j = 1; j < width; j++) {
      const targetChar = target.charCodeAt(j - 1);
      const inName = j - 1 < nameLength;
      const diagonal = previous[j - 1] as number;
      let cost =
        typedChar === targetChar
          ? diagonal
          : diagonal +
            editCost('substitute', areNeighbourKeys(typedChar, targetChar), inName, nameLength, couldBeReal);
      cost = Math.min(
        cost,
        (previous[j] as number) + editCost('insert', insertIsSlip, j <= nameLength, nameLength, couldBeReal),
      );
      cost = Math.min(
        cost,
        (current[j - 1] as number) +
          editCost('delete', isDeleteSlip(target, j - 1), inName, nameLength, couldBeReal),
      );
      if (
        i > 1 &&
        j > 1 &&
        typedChar === target.charCodeAt(j - 2) &&
        typed.charCodeAt(i - 2) === targetChar
      ) {
        const swap = typedChar === DOT || targetChar === DOT ? 'moveDot' : 'swap';
        cost = Math.min(
          cost,
          (before[j - 2] as number) + editCost(swap, true, j - 2 < nameLength, nameLength, couldBeReal),
        );
      }
      current[j] = cost;
      if (cost < rowMinimum) rowMinimum = cost;
    }
    if (rowMinimum > limit) return Number.POSITIVE_INFINITY;
    [before, previous, current] = [previous, current, before];
  }
  return previous[width - 1] as number;
}
