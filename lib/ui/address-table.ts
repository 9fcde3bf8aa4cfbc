/**
 * A list of addresses with their answers (the popup's tab, the bulk page's list) as a table to take away: a CSV file, and the same rows as TSV and
 * an HTML table for the clipboard, which spreadsheets paste as cells.
 */

import Papa from 'papaparse';
import { domainOf } from '#core/email/extract.ts';
import { safeLinkUrl, searchActionFor } from '#core/links.ts';
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
] as const;

export type AddressRow = Record<(typeof COLUMNS)[number], string>;

/** One row per address, with its domain's answer; a domain not looked up has only its status. */
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
    const base = { address, domain, ...empty, webmail_url: '', search_url: '', ...noEvidence, verdict };
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

/**
 * OWASP's CSV injection rule (https://owasp.org/www-community/attacks/CSV_Injection): a spreadsheet runs a
 * cell that starts with =, +, -, @, a tab, a return or a line feed as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * The same, but for a cell that is a number or a phone number (`-5`, `+44 20 7946 0000`, `-1,5`): after its
 * sign only digits, spaces and `.,()/%-`, so no function, reference or command. A person's own cells are
 * tested with this: their numbers stay numbers. Anchored, one pass: linear in the cell.
 */
const FORMULA_UNLESS_NUMBER = /^(?:[=@\t\r\n]|[+-][\d\s.,()/%-]*[^\d\s.,()/%-])/;

/**
 * A cell we write that a spreadsheet will not run: addresses come from pages and answers from the API, so
 * any cell OWASP's rule names gets a leading ', which keeps it text.
 */
export function inert(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 by papaparse: cells quoted where they need it, quotes doubled, CRLF after each record; the first
 * record is the header. Any cell that would run as a formula but is no number gets a leading ' (cells we
 * wrote have been through inert() already). papaparse's own `escapeFormulae: true` would also mark `-5`
 * and `+44 …`, and miss a formula with a line break in it, as its pattern ends in `.*$`.
 */
export function csvOf(records: readonly (readonly string[])[], delimiter = ','): string {
  const text = Papa.unparse(records as string[][], {
    delimiter,
    newline: '\r\n',
    escapeFormulae: FORMULA_UNLESS_NUMBER,
  });
  return `${text}\r\n`;
}

/** The rows as CSV, COLUMNS as the header. */
export function toCsv(rows: AddressRow[]): string {
  return csvOf([COLUMNS, ...rows.map((row) => COLUMNS.map((column) => inert(row[column])))]);
}

/** Tab-separated, as spreadsheets paste plain text: tabs and line breaks inside a cell become spaces. */
export function toTsv(rows: AddressRow[]): string {
  const line = (cells: readonly string[]) =>
    cells.map((cell) => inert(cell).replace(/[\t\r\n]+/g, ' ')).join('\t');
  return `${[line(COLUMNS), ...rows.map((row) => line(COLUMNS.map((column) => row[column])))].join('\n')}\n`;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** An HTML table for the clipboard's text/html; every cell escaped, so nothing in it is markup. */
export function toHtmlTable(rows: AddressRow[]): string {
  const head = COLUMNS.map((column) => `<th>${column}</th>`).join('');
  const body = rows
    .map(
      (row) => `<tr>${COLUMNS.map((column) => `<td>${escapeHtml(inert(row[column]))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
