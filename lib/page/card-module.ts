/** The card's host element: never scanned for addresses, and the page's own hovers inside it are ignored. */
export const CARD_TAG = 'webmail-lookup-card';

/**
 * The hover card's own module in the build (modules/lazy-card.ts builds it), which the content script
 * imports the first time a card is about to be shown.
 */
export const CARD_MODULE_FILE = 'content-scripts/card.js';
