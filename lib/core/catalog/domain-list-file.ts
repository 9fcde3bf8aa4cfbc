/**
 * A domain list as a file the extension ships beside its scripts and reads when it first needs the list
 * (lib/worker/offline-catalog.ts), rather than as literals in the worker's script: the browser stops an idle
 * worker after 30 s and evaluates its whole script at every wake, while the list serves only the offline
 * fallback. The build writes the files (modules/domain-list-files.ts) from the same lists the service
 * imports (domain-lists.ts); nothing generated is committed.
 *
 * The format is the sorted domains, one a line: the file is local, so its size costs nothing on the wire,
 * and `split` reads it faster than any decoding of a packed form.
 */
export const DISPOSABLE_LIST_FILE = 'catalog/disposable-domains.txt';

export function writeDomainList(domains: Iterable<string>): string {
  return [...domains].sort().join('\n');
}

export function readDomainList(text: string): ReadonlySet<string> {
  return new Set(text === '' ? [] : text.split('\n'));
}
