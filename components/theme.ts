/**
 * The two palettes of every surface (the card, the popup, the options and welcome pages) as CSS custom
 * properties. Each text colour meets WCAG AA (4.5:1) on the backgrounds it is used on; the end-to-end
 * tests check it with axe in both themes.
 */
const LIGHT = `--wl-bg: #ffffff; --wl-fg: #1f2328; --wl-muted: #59636e; --wl-border: #d0d7de;
  --wl-button-bg: #f6f8fa; --wl-primary-bg: #1f883d; --wl-primary-border: #1a7f37; --wl-primary-fg: #ffffff;
  --wl-focus: #0969da; --wl-link: #0969da; --wl-error: #82071e; --wl-shadow: rgba(31, 35, 40, 0.18);
  --wl-notice-bg: #fff8c5; --wl-notice-border: #d4a72c;`;

const DARK = `--wl-bg: #161b22; --wl-fg: #e6edf3; --wl-muted: #9198a1; --wl-border: #3d444d;
  --wl-button-bg: #21262d; --wl-primary-bg: #238636; --wl-primary-border: #2ea043; --wl-primary-fg: #ffffff;
  --wl-focus: #4493f8; --wl-link: #4493f8; --wl-error: #ffa198; --wl-shadow: rgba(1, 4, 9, 0.6);
  --wl-notice-bg: #3b2e00; --wl-notice-border: #9e6a03;`;

/**
 * The card's palette: light, dark where the card is told the page is dark (data-theme, set over pages),
 * and otherwise the system's (the popup's and the pages' cards).
 */
export const CARD_THEME_CSS = `
.wl-card { ${LIGHT} }
.wl-card[data-theme="dark"] { ${DARK} }
@media (prefers-color-scheme: dark) { .wl-card:not([data-theme="light"]) { ${DARK} } }
`;

/** An extension page's palette: the system's. */
export const PAGE_THEME_CSS = `
:root { color-scheme: light dark; ${LIGHT} }
@media (prefers-color-scheme: dark) { :root { ${DARK} } }
body { background: var(--wl-bg); color: var(--wl-fg); }
a { color: var(--wl-link); }
input, textarea, button { color: var(--wl-fg); background: var(--wl-bg); border-color: var(--wl-border); }
button { background: var(--wl-button-bg); }
`;
