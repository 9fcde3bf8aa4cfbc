/** The manifest's command that looks up the selected text or the focused address. */
export const LOOKUP_COMMAND = 'lookup-selection';
