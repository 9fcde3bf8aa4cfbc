import { createContext, useContext } from 'react';

/**
 * Whether a card's words are drawn by CSS instead of written as text: true over a page. The page cannot open
 * the card's closed shadow root, but it can search what is rendered. window.find() matches text inside any
 * shadow tree, so a page could try each provider's name in turn (Chromium 156, Firefox 153); and Firefox then
 * hands the page the matched text node itself through getSelection(), and with it the whole tree (see
 * test/e2e/page-intent.test.ts). Generated content (`content: attr(...)`) is drawn, and read by screen
 * readers, but never matched by find nor selected. Buttons and links carry their words as aria-label too:
 * axe counts no generated content in a name. The extension's own pages write plain text.
 */
export const DrawnWords = createContext(false);

/**
 * The props that put words into an element, as its text or drawn by CSS where DrawnWords says so; `named`
 * also names a button or a link with them.
 */
export function useWordProps() {
  const drawn = useContext(DrawnWords);
  return (words: string, { named = false } = {}) =>
    drawn ? { 'data-words': words, ...(named && { 'aria-label': words }) } : { children: words };
}
