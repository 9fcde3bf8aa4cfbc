import type { Card } from './card.ts';

/**
 * What the dark-mode tests of both browsers check. The backgrounds of components/theme.ts's two palettes, as
 * getComputedStyle gives them, are written out here, so that a test fails when a surface paints another.
 */
export const DARK_BACKGROUND = 'rgb(22, 27, 34)';
export const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

/** An open card's theme and background, and axe's violations in it, once it shows an answer. */
export async function cardLooks(card: Card) {
  await card.answered();
  return {
    theme: await card.attribute('result-card', 'data-theme'),
    background: await card.style('result-card', 'background-color'),
    violations: await card.violations(),
  };
}

/** The extension's pages that follow the system's theme, each with the test id that shows it is ready. */
export const THEMED_EXTENSION_PAGES = [
  ['popup', 'popup.html?lookup=x7k2%40duck.com', 'result-source'],
  ['options page', 'options.html', 'api-key-input'],
  ['welcome page', 'welcome.html', 'result-source'],
] as const;
