/**
 * The IANA top-level domains, front-coded (lib/core/email/packed-list.ts), as a module of the build's own
 * (modules/compact-tlds.ts writes it), web-accessible as the card's is. The list is 5.9 KB, a fifth of the
 * content script every page runs (budget 30 KB); apart, it comes in beside the script's first question to
 * the worker, which the script waits for anyway, and its string is all it holds.
 */
export const TOP_LEVEL_DOMAINS_FILE = 'content-scripts/top-level-domains.js';

let packed: string | null = null;

/** Loads the list from the module at `url`, once; the content script waits for it before it reads any text. */
export async function loadTopLevelDomains(url: string): Promise<void> {
  if (packed !== null) return;
  packed = ((await import(/* @vite-ignore */ url)) as { default: string }).default;
}

/**
 * Takes the list another bundle of ours loaded: the card's module gets the content script's, and so imports
 * nothing at run time (a store's review flags each import of a computed URL).
 */
export function takeTopLevelDomains(list: string): void {
  packed ??= list;
}

/** The list as loaded; in the content script's build, `topLevelDomainList` unpacks it (modules/compact-tlds.ts). */
export function packedTopLevelDomains(): string {
  if (packed === null) throw new Error('The top-level domains are read before they were loaded');
  return packed;
}
