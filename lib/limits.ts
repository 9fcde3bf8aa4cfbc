/** Every limit of the extension, with its reason, in one place. */

/** How long the pointer rests on an address before its card opens: long enough to mean intent, short enough to feel immediate. */
export const HOVER_DELAY_MS = 300;
/** The card stays this long after the pointer leaves the address, so it can be reached. */
export const CARD_LEAVE_GRACE_MS = 250;
/** Addresses found on one page that are kept and reported; past this a page is a list, not a conversation. */
export const MAX_ADDRESSES_PER_PAGE = 5_000;
/** A scan slice yields after this long, so no task of ours comes near a frame (16 ms). */
export const MAX_SLICE_MS = 8;
/**
 * A subtree of at most this many elements is read by one query into the browser (XPath for its text with an
 * `@`), which cannot be cut into slices: a few ms. Larger ones are read in parts of this size: the whole
 * 28,000-element benchmark page was one 15 ms task as it loaded.
 */
export const MAX_ELEMENTS_PER_XPATH = 8_000;
/** A subtree step is left for the next slice once this much of a slice is spent (ms). */
export const LATE_STEP_MS = 2;
/** The clock is read once per this many text nodes: reading it for each would cost a tenth of the scan. */
export const NODES_PER_CLOCK_READ = 16;
/**
 * Text is read in windows of this many characters, the clock read after each: 16 K of the worst text
 * (all `@`, or `a@` repeated) takes about 1 ms to read, where a whole 1 MB node took 100 ms in Chromium.
 */
export const TEXT_WINDOW = 16_384;
/**
 * Past this many element children, a parent's children are taken to be alike in size and cut into runs by
 * their number: counting each of 1,900 children's elements cost 9 ms on the benchmark page.
 */
export const MAX_CHILDREN_COUNTED = 64;
/** A slice stops when the idle deadline has less than this left (ms). */
export const IDLE_SLICE_MARGIN_MS = 2;
/** Mutation batches up to this many added nodes are scanned at once; larger ones wait for idle time. */
export const SMALL_MUTATION_BATCH = 20;
/**
 * New underlines are handed to the browser at most this often after the first scan: each change to the
 * highlight costs the browser a walk of the whole page before painting (about 40 ms on a 5 MB page), so a
 * page that keeps changing must not cause one per change. Hovering works at once either way.
 */
export const HIGHLIGHT_BATCH_MS = 500;
/** How long the tab's address list is settled before the badge and the background hear of it. */
export const REPORT_DEBOUNCE_MS = 200;
/** API lookups the popup may start for one tab (per page load): a page full of addresses must not spend a user's credits. */
export const POPUP_LOOKUP_BUDGET = 10;
/** Cached answers kept, least recently used dropped first: about 400 bytes each in chrome.storage.local. */
export const MAX_CACHE_ENTRIES = 2_000;
/** How long a "not found" answer is kept: a new domain gets MX records soon. */
export const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
/** Writes of the cache to storage are gathered for this long. */
export const CACHE_PERSIST_DELAY_MS = 250;
