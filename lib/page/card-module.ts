/** The card's host element: never scanned for addresses, and the page's own hovers inside it are ignored. */
export const CARD_TAG = 'webmail-lookup-card';
