import type { AddressRow } from '#address-table/rows.ts';
import { describeResult, describeVerdict } from '#extension/describe-result.ts';
import { type MessageKey, t } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';

/** A column of the bulk page's table: its header, and what a row shows in it. */
export interface BulkColumn {
  id: string;
  header: MessageKey;
  cell: (row: AddressRow, result: LookupResult | null) => string;
}

/** The flags an answer has set, in words ("Free mail, Privacy relay"); '' for none. */
function flagWords(row: AddressRow): string {
  const set: [string, MessageKey][] = [
    [row.disposable, 'flagDisposable'],
    [row.free_mail, 'flagFreemail'],
    [row.privacy_relay, 'flagPrivacy'],
  ];
  return set
    .filter(([value]) => value === 'true')
    .map(([, key]) => t(key))
    .join(', ');
}

/**
 * The bulk page's table, every column in this one place. The outcome says what came of the domain's lookup in
 * the words the card uses (lib/extension/describe-result.ts): an answer's verdict line ("Gmail · free mail",
 * "Will bounce: this domain takes no mail", "A mailbox we can't name"), else what stopped the lookup.
 */
export const BULK_TABLE_COLUMNS: readonly BulkColumn[] = [
  { id: 'address', header: 'bulkColumnAddress', cell: (row) => row.address },
  { id: 'domain', header: 'bulkColumnDomain', cell: (row) => row.domain },
  { id: 'provider', header: 'bulkColumnProvider', cell: (row) => row.provider },
  { id: 'flags', header: 'bulkColumnFlags', cell: flagWords },
  {
    id: 'outcome',
    header: 'bulkColumnOutcome',
    cell: (_, result) => {
      if (result === null) return t('bulkNotLookedUp');
      return describeVerdict(result)?.line ?? describeResult(result).title;
    },
  },
];
