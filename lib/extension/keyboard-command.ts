// Shared with the content script, so no zod here: the answer's schema is in lib/worker/request-schema.ts.

/** The manifest's command that looks up the selected text or the focused address. */
export const LOOKUP_COMMAND = 'lookup-selection';
/** What the background asks a tab's content script when the command is pressed. */
export const QUERY_UNDER_FOCUS = 'query-under-focus';
/** Longer than any address (320) or domain (253): a selection past this is not one. */
export const MAX_QUERY_LENGTH = 320;
