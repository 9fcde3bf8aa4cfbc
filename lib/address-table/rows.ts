/**
 * A list of addresses with their answers (the popup's tab, the bulk page's list) as rows of one table, the
 * same in the list, its summary and every export (formats.ts).
 */
import { domainOf } from '#core/email/extract.ts';
import { safeLinkUrl, searchActionFor } from '#core/links.ts';
import { addressNoteColumns } from '#extension/address-notes.ts';
import { answerEvidence } from '#extension/answer-evidence.ts';
import { describeVerdict } from '#extension/describe-result.ts';
import type { LookupResult } from '#extension/lookup-result.ts';

export const COLUMNS = [
  'address',
  'domain',
  'provider',
  'provider_name',
  'disposable',
  'free_mail',
  'privacy_relay',
  'webmail_url',
  'search_url',
  'status',
  // What the answer saw behind a gateway, as the API's values (`spf`, `low`), like the flags: a column to
  // sort and filter a list of company domains by. Last, so that the columns before keep their places.
  'gateway',
  'provider_source',
  'provider_confidence',
  // What matters, as the card's verdict line says it (lib/extension/describe-result.ts): `will-bounce` for a
  // domain that takes no mail, `unrecognised-provider` for a mailbox no provider is known by, `free-mail`...
  'verdict',
  // What the address says of itself, without a lookup (lib/extension/address-notes.ts): the address a typo
  // meant (or ''), whether it reaches a shared inbox, and the one mailbox its spellings reach.
  'did_you_mean',
  'role',
  'mailbox',
] as const;

export type AddressRow = Record<(typeof COLUMNS)[number], string>;

/**
 * One row per address, with its domain's answer and what the address says of itself; a domain not looked up
 * has only its status.
 */
export function addressRows(
  addresses: string[],
  results: Record<string, LookupResult | null>,
  searchQueryTemplate: string,
): AddressRow[] {
  return addresses.map((address) => {
    const domain = domainOf(address);
    const result = results[domain] ?? null;
    const empty = { provider: '', provider_name: '', disposable: '', free_mail: '', privacy_relay: '' };
    const noEvidence = { gateway: '', provider_source: '', provider_confidence: '' };
    const verdict = describeVerdict(result)?.kind ?? '';
    const notes = addressNoteColumns(address);
    const base = {
      address,
      domain,
      ...empty,
      webmail_url: '',
      search_url: '',
      ...noEvidence,
      verdict,
      ...notes,
    };
    if (result?.state !== 'found') return { ...base, status: result?.state ?? 'not-looked-up' };
    const { info } = result;
    const evidence = answerEvidence(info);
    const search = searchActionFor(info, searchQueryTemplate, address);
    return {
      ...base,
      provider: info.nice_name,
      provider_name: info.name,
      disposable: String(info.is_disposable),
      free_mail: String(info.is_freemail),
      privacy_relay: String(info.is_privacy_service),
      webmail_url: safeLinkUrl(info.webmail_url) ?? '',
      // Only a link that searches: Outlook's mailbox opened with a query to paste is no search URL.
      search_url: search?.kind === 'link' ? search.url : '',
      status: 'found',
      ...(evidence && {
        gateway: evidence.gateway ?? '',
        provider_source: evidence.source,
        provider_confidence: evidence.confidence,
      }),
    };
  });
}
