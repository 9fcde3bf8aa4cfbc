import type { AddressRow } from '#address-table/rows.ts';
import { describeResult, describeVerdict, FLAG_WORDS } from '#extension/describe-result.ts';
import { type MessageKey, t } from '#extension/i18n.ts';
import { FLAGS } from '#extension/verdict.ts';

/** A column of the bulk page's table: its header, and what a row shows in it. */
export interface BulkColumn {
  id: string;
  header: MessageKey;
  cell: (row: AddressRow) => string;
  /** The cell is an address: shown so that it breaks only after its `@` or a dot (components/AddressText.tsx). */
  address?: true;
}

/** The flags an answer has set, in words ("Free mail, Privacy relay"); '' for none. */
function flagWords({ flags }: AddressRow): string {
  return FLAGS.filter((flag) => flags?.[flag])
    .map((flag) => t(FLAG_WORDS[flag]))
    .join(', ');
}

/** What came of the domain's lookup, in the card's words: an answer's verdict line, else what stopped it. */
function outcomeWords({ result }: AddressRow): string {
  if (result === null) return t('bulkNotLookedUp');
  return describeVerdict(result)?.line ?? describeResult(result).title;
}

/**
 * The bulk page's table, every column in this one place. The outcome says what came of the domain's lookup in
 * the words the card uses (lib/extension/describe-result.ts): an answer's verdict line ("Gmail · free mail",
 * "Will bounce: this domain takes no mail", "A mailbox we can't name"), else what stopped the lookup.
 */
export const BULK_TABLE_COLUMNS: readonly BulkColumn[] = [
  { id: 'address', header: 'bulkColumnAddress', cell: (row) => row.address, address: true },
  { id: 'domain', header: 'bulkColumnDomain', cell: (row) => row.domain },
  { id: 'provider', header: 'bulkColumnProvider', cell: (row) => row.provider?.niceName ?? '' },
  { id: 'flags', header: 'bulkColumnFlags', cell: flagWords },
  { id: 'outcome', header: 'bulkColumnOutcome', cell: outcomeWords },
];
