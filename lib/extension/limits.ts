import { MAX_DOMAIN_LENGTH, MAX_LOCAL_PART_LENGTH } from '#core/email/rfc-limits.ts';

/**
 * Every limit of the extension, with its reason, in one place. Two kinds are in the core, which imports
 * nothing of the extension: the standards' bounds on addresses and domains (lib/core/email/rfc-limits.ts),
 * and the API client's (lib/core/api/client-limits.ts).
 */

/** How long the pointer rests on an address before its card opens: long enough to mean intent, short enough to feel immediate. */
export const HOVER_DELAY_MS = 300;
/** The card stays this long after the pointer leaves the address, so it can be reached. */
export const CARD_LEAVE_GRACE_MS = 250;
/** Addresses found on one page that are kept and reported; past this a page is a list, not a conversation. */
export const MAX_ADDRESSES_PER_PAGE = 5_000;
/** A scan slice yields after this long, so no task of ours comes near a frame (16 ms). */
export const MAX_SLICE_MS = 8;
/**
 * A scan at once, inside the page's own task (the mutation that added a few nodes: a chat message, a chip),
 * yields after this long, the rest waiting for idle time: that task's frame is the page's work and its
 * rendering, long already when it lays out a 1 MB line, and each millisecond of ours in it is one more of
 * a blocked frame (8 ms slices there add 13-15 ms to the frame of a 1 MB line of `@`).
 */
export const MAX_SLICE_IN_PAGE_TASK_MS = 2;
/**
 * A part of the page is read by calls into the browser over all of it (a selector query for its attribute
 * sources, XPath for its shadow hosts and, but in a subtree whose text one iterator reads, for its text
 * nodes), none of which can be cut into slices; larger subtrees are read in parts. How many elements a part
 * holds is learned as the scan goes, so that its calls take about PART_QUERIES_MS together here: a machine or
 * a browser slower at them gets smaller parts (8,000 elements took 24 ms of XPath in Chromium 150 here, a few
 * in Chromium 156).
 */
export const PART_QUERIES_MS = 4;
/** The first part's size, before any was timed: small enough for a slow machine. */
export const FIRST_ELEMENTS_PER_PART = 2_000;
/** Parts smaller than this teach nothing (their time is mostly the calls'), and parts stay at least this large. */
export const MIN_ELEMENTS_PER_PART = 256;
/** The most a part holds, however fast its calls: the whole 28,000-element benchmark page in one part is a 15 ms task. */
export const MAX_ELEMENTS_PER_PART = 8_000;
/** Nodes the page added at once are cut into parts this many at a time (about 2 ms), inside a scan slice. */
export const ADDED_NODES_PER_STEP = 1_024;
/** A subtree step is left for the next slice once this much of a slice is spent (ms). */
export const LATE_STEP_MS = 2;
/**
 * The clock is read at most once per this many pieces of the scan (text nodes, up to TEXTS_PER_UNIT a
 * piece) while they read quickly: reading it for each would cost a tenth of the scan.
 */
export const MAX_UNITS_PER_CLOCK_READ = 16;
/**
 * Text nodes read in one piece of the scan while they hold no marker (a piece ends after one that does):
 * each piece is a turn of the scheduler's loop, which cost as much as looking at a text's markers.
 */
export const TEXTS_PER_UNIT = 16;
/** Text nodes read in less than this between two looks at the clock count as quick (ms). */
export const QUICK_UNITS_MS = 0.5;
/**
 * Text is read in windows of this many characters, the clock read after each, so that no window is a long
 * task: the worst text for the written forms (a separator every few characters: `a-AT-b_AT_c [at] d.e at`)
 * costs 0.8 to 3 µs a character in Node on 2 shared cores, 3 to 12 ms a window of 4 K; a 16 K window
 * stalled Firefox's pages by 100 ms more than the bare page (test/e2e/hostile-text.test.ts).
 */
export const TEXT_WINDOW = 4_096;
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
 * How far beyond the screen (above and below, as a share of its height) addresses are underlined already,
 * so that scrolling shows them underlined in its next frame. No farther: on a page that changes every frame,
 * each underlined range is rebuilt and repainted every frame (a feed of 20 addresses cost 1 ms a frame).
 */
export const NEAR_SCREEN_MARGIN = '25% 0px';
/**
 * Boxes next to each other with an address each (rows of a list or a table) are watched in runs of this
 * many, through the first and the last: a run taller than the screen and its margins (about 16 rows of
 * 130 px) could have its middle on screen and neither end near it, so runs stay short.
 */
export const UNDERLINE_RUN_LENGTH = 16;
/**
 * Addresses in a text node longer than this are found but not underlined: a marker in a text node makes
 * the browser repaint all of it, and a 1 MB one took 80-150 ms to repaint on a 2-core machine (a blocked
 * frame the page would owe to the extension).
 */
export const MAX_UNDERLINED_TEXT_LENGTH = 65_536;
/**
 * Addresses the worker keeps for one tab, over all its frames (storage.session, `tabAddresses:<tabId>`; an
 * address two frames show counted in each): a tab shows one page, whatever frames it is made of, and one page
 * keeps no more. Each report rewrites the tab's record, so this bounds its cost whatever the frames: unbounded,
 * 24 frames of 5,000 addresses make a record of 13 MB, past the 10 MB of storage.session all tabs share, and
 * cost 94 ms a report in Chromium. The frames in the order of their ids (the page's own first) keep their
 * addresses as far as room is left.
 */
export const MAX_ADDRESSES_PER_TAB = MAX_ADDRESSES_PER_PAGE;
/**
 * Frames of one tab whose addresses are kept, in the order of their ids: a page shows its addresses in one
 * frame or a few (a mail's body, a help desk's panel each), never near this many; frames that show none are
 * not counted.
 */
export const MAX_FRAMES_PER_TAB = 64;
/**
 * The longest address the content script finds and reports: a local part and a domain, each within the
 * standard's bounds. Longer than MAX_ADDRESS_LENGTH, the standard's bound on a whole address, which the
 * extraction does not hold addresses to: a lookup needs only the domain.
 */
export const MAX_FOUND_ADDRESS_LENGTH = MAX_LOCAL_PART_LENGTH + 1 + MAX_DOMAIN_LENGTH;
/**
 * What the lookup shortcut takes of a page's selection: longer than any address the content script finds
 * (MAX_FOUND_ADDRESS_LENGTH), so a longer selection is not one, and no page's text is carried whole.
 */
export const MAX_QUERY_LENGTH = 320;
/**
 * A key as typed or set by policy: a service's keys are short (this one's are 35 characters: `wl_` and 24
 * random bytes), and the key goes into every request's Authorization header, so a page pasted into the field
 * is not taken for one.
 */
export const MAX_API_KEY_LENGTH = 500;
/**
 * The elements looked at for an attribute source's address (a mailto: link, a Gmail chip), from the one under
 * the pointer or focused up: itself and five ancestors. A link or a chip wraps its text in a few elements; the
 * walk runs on every move of the pointer, so it stops soon.
 */
export const ATTRIBUTE_SOURCE_LEVELS = 6;
/** How long the tab's address list is settled before the badge and the background hear of it. */
export const REPORT_DEBOUNCE_MS = 200;
/** API lookups the popup may start for one tab (per page load): a page full of addresses must not spend a user's credits. */
export const POPUP_LOOKUP_BUDGET = 10;
/**
 * API lookups that cards may start on one tab without a click, as a budget that refills: this many at once,
 * then one more every HOVER_LOOKUP_REFILL_MS. Only a person's resting pointer or keyboard focus asks, but the
 * page decides what lies under them: it can slide a fresh address under a pointer at rest, or put one where
 * the next Tab lands, and make each rest cost a credit. A person meets a few new domains an hour (an answer
 * once fetched is cached for a week, and cached answers cost nothing here), so 20 in a row and 30 an hour
 * after that, all day in one Gmail tab, is not met in use; a page that steers the pointer gets no more.
 * Kept per tab until the tab closes, not per page load, or a page could reload itself for a new budget.
 * Past it the card says why and looks up on a click in it. Refresh asks past every cache, so it is counted too.
 */
export const HOVER_LOOKUP_BURST = 20;
/** See HOVER_LOOKUP_BURST: one lookup comes back every two minutes (30 an hour). */
export const HOVER_LOOKUP_REFILL_MS = 2 * 60 * 1000;
/**
 * What the extension keeps in storage.local has a budget, each part, so that together they stay well inside
 * the 10 MB Chromium gives it (QUOTA_BYTES, counted as each key's length and its value's JSON): the key and
 * settings (0.2 MB at most: settingsSchema caps its lists), the policy last seen
 * (MAX_REMEMBERED_POLICY_BYTES), the answer cache (MAX_CACHE_BYTES, and its index of MAX_CACHE_ENTRIES
 * domains, 0.6 MB at most), a bulk run's job (MAX_BULK_DOMAINS records of at most MAX_KEPT_ANSWER_BYTES,
 * 2.6 MB at most) and the bulk page's list (MAX_BULK_DRAFT_BYTES): 7.8 MB at most
 * (lib/worker/storage-budget.test.ts).
 * What the browser refuses all the same (a store filled by an older version, a full disk) is said in words.
 */
export const STORAGE_QUOTA_BYTES = 10 * 1024 * 1024;
/**
 * The organisation's policy as remembered for the next start (lib/settings/policy.ts), in bytes of JSON: its
 * fields are the settings' own, so at most 0.13 MB (500 sites of 253 characters). A larger one (an address of
 * megabytes) is not kept, and each start then waits for the browser's policy service, as a first run does.
 */
export const MAX_REMEMBERED_POLICY_BYTES = 256 * 1024;
/**
 * How long a first run (no policy ever recorded) waits for the browser's policy service before it goes on as
 * if there were no policy: Chromium answers 3-8 s after a start on people's machines (ghostery-extension#3367),
 * and in some starts never (w3c/webextensions#547). The policy is applied whenever it comes.
 */
export const POLICY_FIRST_READ_WAIT_MS = 15_000;
/**
 * An answer as the cache or a bulk run keeps it, in bytes of JSON. A real answer takes about 300, and the
 * evidence the service adds 200 more; the service's additional properties are kept (DESIGN.md: never
 * rendered as HTML) as far as they fit, in the order given, and dropped past it, and a message is cut to fit:
 * a service may send 64 KB of them (MAX_RESPONSE_BYTES).
 */
export const MAX_KEPT_ANSWER_BYTES = 2_048;
/** Cached answers kept, least recently used dropped first: about 400 bytes each in chrome.storage.local. */
export const MAX_CACHE_ENTRIES = 2_000;
/**
 * The bytes the cached answers may take in storage.local, least recently used dropped first: MAX_CACHE_ENTRIES
 * real answers take about 0.8 MB, so only a service whose answers come near MAX_KEPT_ANSWER_BYTES meets it.
 */
export const MAX_CACHE_BYTES = 2 * 1024 * 1024;
/**
 * The bulk page's list as kept for when the page is opened again (its text, in bytes of JSON): about 20,000
 * rows of a CSV with a few columns. A larger list is looked up with the page open, and the page says it is not
 * kept.
 */
export const MAX_BULK_DRAFT_BYTES = 2 * 1024 * 1024;
/** How long a "not found" answer is kept: a new domain gets MX records soon. */
export const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
/** Writes of the cache to storage are gathered for this long. */
export const CACHE_PERSIST_DELAY_MS = 250;
/**
 * A gateway's name from the API is cut to this many characters on the card and in the table: the longest
 * the catalog knows is 32 ("N-able Mail Assure (SpamExperts)"), and the name sits inside a sentence.
 */
export const MAX_GATEWAY_NAME_LENGTH = 40;
/** The provider's name inside that sentence is cut to this many: the card's title above it shows the name. */
export const MAX_NAME_IN_SENTENCE_LENGTH = 60;
/**
 * A 429's Retry-After is taken as at most this long: the longest window the service can be set to
 * (server/config.ts). A card waits for it before its "Try again" asks; a larger number is no one's plan.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 24 * 60 * 60 * 1000;
/**
 * Domains one bulk list may look up: half of MAX_CACHE_ENTRIES, so that a list's answers, which also go
 * into the answer cache as every lookup's do, do not push each other out of it, nor every answer the person
 * had before. The list keeps its own copy (MAX_BULK_ANSWER_BYTES): that copy is how a resumed run never
 * pays twice.
 */
export const MAX_BULK_DOMAINS = 1_000;
/**
 * The bytes a bulk list's own answers take in storage.local (bulkAnswerFamily, each with its key, each within
 * MAX_KEPT_ANSWER_BYTES), kept until another list starts or the person dismisses this one, whatever the
 * answer cache meets (expiry, eviction, "Clear cache"): what was paid for stays. 1,000 answers of 2 KB (a
 * service that sends its evidence) fit; only a list whose answers all come near MAX_KEPT_ANSWER_BYTES at long
 * domains meets it. Then the run stops before a lookup whose answer it could not keep, and the page says so:
 * no credit is spent on an answer the list would not keep.
 */
export const MAX_BULK_ANSWER_BYTES = 2 * 1024 * 1024;
/** Lookups a bulk list has on their way at once: modest, so that the service's rate limits are seldom met. */
export const BULK_CONCURRENCY = 4;
/** How long a bulk run waits after a 429 that gave no Retry-After. */
export const BULK_RATE_LIMIT_DEFAULT_WAIT_MS = 30_000;
/**
 * A bulk run's alarm: it wakes a worker the browser stopped so the run goes on with no page open (Chrome
 * takes 0.5 at least; one minute suits both browsers).
 */
export const BULK_ALARM_PERIOD_MINUTES = 1;
/**
 * Service addresses and keys whose last balance is kept (balancesItem): the key in force, and a few tested on
 * the options page or used before, so that going back to one shows its balance again; a few hundred bytes.
 */
export const MAX_KEPT_BALANCES = 4;
