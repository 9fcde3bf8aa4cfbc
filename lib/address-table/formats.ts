/**
 * The address table as it leaves the extension: a CSV file, and the same rows as TSV and an HTML table for
 * the clipboard, which spreadsheets paste as cells.
 */
import Papa from 'papaparse';
import type { AddressRow } from './rows.ts';

/** A yes or no as spreadsheets filter it; '' where the row has no answer to say it. */
const yesNo = (value: boolean | undefined) => (value === undefined ? '' : String(value));

/**
 * The table's columns as they leave the extension, each with its cell: their names and values are a contract
 * with the people who sort and filter the export (CONTRIBUTING.md), so new columns go last.
 */
const CELLS = {
  address: (row: AddressRow) => row.address,
  domain: (row: AddressRow) => row.domain,
  provider: (row: AddressRow) => row.provider?.niceName ?? '',
  provider_name: (row: AddressRow) => row.provider?.name ?? '',
  disposable: (row: AddressRow) => yesNo(row.flags?.disposable),
  free_mail: (row: AddressRow) => yesNo(row.flags?.freeMail),
  privacy_relay: (row: AddressRow) => yesNo(row.flags?.privacyRelay),
  webmail_url: (row: AddressRow) => row.webmailUrl ?? '',
  search_url: (row: AddressRow) => row.searchUrl ?? '',
  status: (row: AddressRow) => row.status,
  // What the answer saw behind a gateway, as the API's values (`spf`, `low`), like the flags: a column to
  // sort and filter a list of company domains by.
  gateway: (row: AddressRow) => row.evidence?.gateway ?? '',
  provider_source: (row: AddressRow) => row.evidence?.source ?? '',
  provider_confidence: (row: AddressRow) => row.evidence?.confidence ?? '',
  // What matters, as the card's verdict line says it: `will-bounce` for a domain that takes no mail,
  // `unrecognised-provider` for a mailbox no provider is known by, `free-mail`...
  verdict: (row: AddressRow) => row.verdict ?? '',
  // What the address says of itself, without a lookup: the address a typo meant (or ''), whether it reaches
  // a shared inbox, and the one mailbox its spellings reach.
  did_you_mean: (row: AddressRow) => row.didYouMean ?? '',
  role: (row: AddressRow) => String(row.role),
  mailbox: (row: AddressRow) => row.mailbox,
} as const satisfies Record<string, (row: AddressRow) => string>;

export type Column = keyof typeof CELLS;
/** The header, in order. */
export const COLUMNS = Object.keys(CELLS) as readonly Column[];

/** A row's cell in a column, as exported (before inert(): the caller knows where it goes). */
export function cellOf(row: AddressRow, column: Column): string {
  return CELLS[column](row);
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
  return csvOf([COLUMNS, ...rows.map((row) => COLUMNS.map((column) => inert(cellOf(row, column))))]);
}

/** Tab-separated, as spreadsheets paste plain text: tabs and line breaks inside a cell become spaces. */
export function toTsv(rows: AddressRow[]): string {
  const line = (cells: readonly string[]) =>
    cells.map((cell) => inert(cell).replace(/[\t\r\n]+/g, ' ')).join('\t');
  return `${[line(COLUMNS), ...rows.map((row) => line(COLUMNS.map((column) => cellOf(row, column))))].join('\n')}\n`;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** An HTML table for the clipboard's text/html; every cell escaped, so nothing in it is markup. */
export function toHtmlTable(rows: AddressRow[]): string {
  const head = COLUMNS.map((column) => `<th>${column}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${COLUMNS.map((column) => `<td>${escapeHtml(inert(cellOf(row, column)))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
