/**
 * A list of addresses with their answers (the popup's tab, the bulk page's list) as rows of one table, the
 * same in the list, its summary and every export. Rows are typed: text is made from them only where it is
 * shown (the popup, the bulk page's table) or exported (formats.ts).
 */
import { domainOf } from '#core/email/extract.ts';
import { safeLinkUrl, searchActionFor } from '#core/links.ts';
import { addressNotes } from '#extension/address-notes.ts';
import { type AnswerEvidence, answerEvidence } from '#extension/answer-evidence.ts';
import type { LookupResult, LookupState } from '#extension/lookup-result.ts';
import { type AnswerFlags, flagsOf, type Verdict, verdictOf } from '#extension/verdict.ts';

/** What came of the domain's lookup: the result's state, or `not-looked-up` while there is none. */
export type RowStatus = LookupState | 'not-looked-up';

/** The provider an answer names: the name people know it by, and the API's own name for it. */
export interface RowProvider {
  niceName: string;
  name: string;
}

export interface AddressRow {
  address: string;
  domain: string;
  /** The domain's lookup as it came; null while it has none. */
  result: LookupResult | null;
  status: RowStatus;
  /** Null without an answer that names a provider, as are the flags and the links. */
  provider: RowProvider | null;
  flags: AnswerFlags | null;
  /** The provider's webmail, an http(s) URL only. */
  webmailUrl: string | null;
  /** A link that searches the mailbox: Outlook's mailbox opened with a query to paste is none. */
  searchUrl: string | null;
  /** What the answer saw behind a gateway, where it says (lib/extension/answer-evidence.ts). */
  evidence: AnswerEvidence | null;
  /** What matters about an answer (lib/extension/verdict.ts); null for a state that is no answer. */
  verdict: Verdict | null;
  /** The address a likely typo meant (lib/extension/address-notes.ts), or null. */
  didYouMean: string | null;
  /** A shared inbox (`info@`): it reaches a team, not a person. */
  role: boolean;
  /** The one mailbox the address's spellings reach. */
  mailbox: string;
}

/** The fields of a row that only an answer naming a provider fills. */
function foundFields(
  address: string,
  result: LookupResult | null,
  searchQueryTemplate: string,
): Pick<AddressRow, 'provider' | 'flags' | 'webmailUrl' | 'searchUrl' | 'evidence'> {
  if (result?.state !== 'found')
    return { provider: null, flags: null, webmailUrl: null, searchUrl: null, evidence: null };
  const { info } = result;
  const search = searchActionFor(info, searchQueryTemplate, address);
  return {
    provider: { niceName: info.nice_name, name: info.name },
    flags: flagsOf(info),
    webmailUrl: safeLinkUrl(info.webmail_url),
    searchUrl: search?.kind === 'link' ? search.url : null,
    evidence: answerEvidence(info),
  };
}

/**
 * One address's row, with its domain's lookup (null while it has none) and what the address says of itself;
 * the search link is made with the person's query template.
 */
export function addressRow(
  address: string,
  result: LookupResult | null,
  searchQueryTemplate: string,
): AddressRow {
  const notes = addressNotes(address);
  return {
    address,
    domain: domainOf(address),
    result,
    status: result?.state ?? 'not-looked-up',
    ...foundFields(address, result, searchQueryTemplate),
    verdict: verdictOf(result),
    didYouMean: notes.didYouMean,
    role: notes.role,
    mailbox: notes.mailbox,
  };
}

/** One row per address, with its domain's lookup from `results` (by domain). */
export function addressRows(
  addresses: readonly string[],
  results: Readonly<Record<string, LookupResult | null>>,
  searchQueryTemplate: string,
): AddressRow[] {
  return addresses.map((address) =>
    addressRow(address, results[domainOf(address)] ?? null, searchQueryTemplate),
  );
}
