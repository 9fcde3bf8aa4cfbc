/**
 * The text of a list's file. UTF-8 keeps its byte-order mark, so that the CSV goes back out with it: Excel's
 * "CSV UTF-8" starts with one and needs it to read the file as UTF-8 again. A file that is not UTF-8 is read
 * as Windows-1252, in which Excel saves plain "CSV" where Western European languages are written; it goes
 * back out as UTF-8, so it is given the mark.
 */
export function listFileText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return `\uFEFF${new TextDecoder('windows-1252').decode(bytes)}`;
  }
}
