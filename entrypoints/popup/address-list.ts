/**
 * The popup's list of a tab's addresses as a working list: what it adds up to, which rows a filter keeps,
 * and how they are grouped. Pure, over the rows of the address table (lib/address-table/rows.ts), so the list, the
 * summary and the CSV say the same of every address.
 */
import type { AddressRow } from '#address-table/rows.ts';
import { FOUND_VERDICTS, type FoundVerdict, isFoundVerdict } from '#extension/verdict.ts';

/** What the list adds up to, in addresses (a domain's flags count once for each of its addresses). */
export interface ListSummary {
  addresses: number;
  domains: number;
  /** Distinct mailboxes: two spellings of one Gmail mailbox count once (the badge counts addresses). */
  mailboxes: number;
  /** Addresses that reach a shared inbox (info@, sales@). */
  sharedInboxes: number;
  freeMail: number;
  disposable: number;
  privacyRelays: number;
  /** Addresses whose domain has no answer yet: not looked up, or on its way. */
  notLookedUp: number;
  /** Addresses whose domain was looked up without an answer that names a provider. */
  noAnswer: number;
}

export function summarize(rows: readonly AddressRow[]): ListSummary {
  const count = (test: (row: AddressRow) => boolean) => rows.filter(test).length;
  return {
    addresses: rows.length,
    domains: new Set(rows.map((row) => row.domain)).size,
    mailboxes: new Set(rows.map((row) => row.mailbox)).size,
    sharedInboxes: count((row) => row.role),
    freeMail: count((row) => row.flags?.freeMail === true),
    disposable: count((row) => row.flags?.disposable === true),
    privacyRelays: count((row) => row.flags?.privacyRelay === true),
    notLookedUp: count((row) => row.status === 'not-looked-up'),
    noAnswer: count((row) => row.status !== 'found' && row.status !== 'not-looked-up'),
  };
}

/** The rows whose address, domain or provider (either name) holds the query, ignoring case and spaces around it. */
export function filterRows(rows: readonly AddressRow[], query: string): AddressRow[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.address, row.domain, row.provider?.niceName, row.provider?.name].some((field) =>
      field?.toLowerCase().includes(needle),
    ),
  );
}

/**
 * How the list is laid out: as on the page, or in groups by domain, provider or flag, by the mailbox several
 * spellings reach, or shared inboxes apart.
 */
export const GROUPINGS = ['page', 'domain', 'provider', 'flag', 'mailbox', 'role'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/**
 * What a group holds. `name` is data (a domain, a provider's name, a mailbox); the other kinds are named in
 * words by the popup. Grouped by flag, a group holds the rows of one verdict (lib/extension/verdict.ts: an
 * address's strongest flag, or business mail for none). A mailbox group holds the spellings of one mailbox;
 * `other` holds the rest (each mailbox written one way, every address that is no shared inbox).
 */
export type GroupKind =
  | 'all'
  | 'domain'
  | 'provider'
  | FoundVerdict
  | 'not-looked-up'
  | 'no-answer'
  | 'mailbox'
  | 'role'
  | 'other';

export interface RowGroup {
  key: string;
  kind: GroupKind;
  /** The domain, the provider's name or the mailbox, for those kinds; '' for the others. */
  name: string;
  rows: AddressRow[];
}

/** A row's group by flag: its verdict, where its answer names a provider. */
function flagGroupOf({ verdict }: AddressRow): GroupKind {
  return isFoundVerdict(verdict) ? verdict : 'no-answer';
}

/** Where a row goes when its domain has no answer naming a provider, whatever the grouping. */
function unanswered(row: AddressRow): GroupKind | null {
  if (row.status === 'not-looked-up') return 'not-looked-up';
  return row.status === 'found' ? null : 'no-answer';
}

/** Kinds that keep their place whatever their size: shared inboxes first, verdicts the strongest first, what is left last. */
const FIXED_ORDER: readonly GroupKind[] = ['role', ...FOUND_VERDICTS, 'no-answer', 'not-looked-up', 'other'];

const OTHER: Omit<RowGroup, 'rows'> = { key: 'other', kind: 'other', name: '' };

/** A row's group by what its address says alone: the spellings of a mailbox together, shared inboxes apart. */
function noteGroupOf(
  row: AddressRow,
  grouping: 'mailbox' | 'role',
  spellings: Map<string, number>,
): Omit<RowGroup, 'rows'> {
  if (grouping === 'role') return row.role ? { key: 'role', kind: 'role', name: '' } : OTHER;
  const several = (spellings.get(row.mailbox) ?? 0) > 1;
  return several ? { key: `mailbox:${row.mailbox}`, kind: 'mailbox', name: row.mailbox } : OTHER;
}

/** How many of the rows are spellings of each mailbox. */
function spellingsPerMailbox(rows: readonly AddressRow[]): Map<string, number> {
  const spellings = new Map<string, number>();
  for (const row of rows) spellings.set(row.mailbox, (spellings.get(row.mailbox) ?? 0) + 1);
  return spellings;
}

function groupOf(
  row: AddressRow,
  grouping: Exclude<Grouping, 'page'>,
  spellings: Map<string, number>,
): Omit<RowGroup, 'rows'> {
  if (grouping === 'mailbox' || grouping === 'role') return noteGroupOf(row, grouping, spellings);
  if (grouping === 'domain') return { key: `domain:${row.domain}`, kind: 'domain', name: row.domain };
  const kind = unanswered(row) ?? (grouping === 'flag' ? flagGroupOf(row) : 'provider');
  const name = kind === 'provider' ? (row.provider?.niceName ?? '') : '';
  return { key: `${kind}:${name}`, kind, name };
}

/**
 * Groups ordered: shared inboxes first, flags from the strongest; domains, providers and mailboxes by size,
 * then by name; the unanswered and the rest last.
 */
function compareGroups(a: RowGroup, b: RowGroup): number {
  if (a.kind !== b.kind && (FIXED_ORDER.includes(a.kind) || FIXED_ORDER.includes(b.kind)))
    return FIXED_ORDER.indexOf(a.kind) - FIXED_ORDER.indexOf(b.kind);
  return b.rows.length - a.rows.length || a.name.localeCompare(b.name);
}

/** Addresses in the order a person reads a list: `person2` before `person10`. */
const ADDRESS_ORDER = new Intl.Collator(undefined, { numeric: true });

/**
 * The rows laid out: 'page' keeps the page's order in one group; the others group the rows, each group's
 * rows sorted by address.
 */
export function groupRows(rows: readonly AddressRow[], grouping: Grouping): RowGroup[] {
  if (grouping === 'page') return rows.length ? [{ key: 'all', kind: 'all', name: '', rows: [...rows] }] : [];
  const groups = new Map<string, RowGroup>();
  const spellings = grouping === 'mailbox' ? spellingsPerMailbox(rows) : new Map<string, number>();
  for (const row of rows) {
    const group = groupOf(row, grouping, spellings);
    const existing = groups.get(group.key);
    if (existing) existing.rows.push(row);
    else groups.set(group.key, { ...group, rows: [row] });
  }
  for (const group of groups.values()) group.rows.sort((a, b) => ADDRESS_ORDER.compare(a.address, b.address));
  return [...groups.values()].sort(compareGroups);
}
