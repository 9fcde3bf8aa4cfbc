/**
 * The address table as it leaves the extension: a CSV file, and the same rows as TSV and an HTML table for
 * the clipboard, which spreadsheets paste as cells.
 */
import Papa from 'papaparse';
import { type AddressRow, COLUMNS } from './rows.ts';

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
