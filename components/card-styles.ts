import { CARD_THEME_CSS } from './theme.ts';

/**
 * The card's styles, shared by the hover card (inside its shadow root) and the popup. Its fonts are generic
 * families only: a page's @font-face rules reach into shadow trees, and one named like a font in our list
 * (Roboto, "Segoe UI") with a unicode-range per character would be fetched for each character the card
 * shows, telling the page what it says; no page can define a generic family.
 */
export const CARD_CSS = `${CARD_THEME_CSS}
.wl-card { box-sizing: border-box; width: 320px; max-width: calc(100vw - 16px); padding: 12px 14px; border-radius: 10px;
  background: var(--wl-bg); color: var(--wl-fg); border: 1px solid var(--wl-border); box-shadow: 0 8px 24px var(--wl-shadow);
  font: 13px/1.4 system-ui, sans-serif; text-align: left;
  max-height: var(--wl-max-height, none); overflow-y: auto; overscroll-behavior: contain; }
.wl-card * { box-sizing: border-box; }
.wl-address { font-weight: 600; word-break: break-all; margin: 0 0 6px; }
.wl-verdict { display: flex; align-items: center; gap: 8px; margin: 0 0 8px; font-size: 15px; font-weight: 700; }
.wl-verdict-words { min-width: 0; overflow-wrap: anywhere; max-height: 4.2em; overflow: hidden; }
.wl-verdict-words[data-kind="disposable"], .wl-card[data-verdict="will-bounce"] .wl-error-title { color: var(--wl-error); }
.wl-logo { flex: none; width: 24px; height: 24px; border-radius: 50%; background: #fff; border: 1px solid var(--wl-border); }
.wl-monogram { display: inline-flex; align-items: center; justify-content: center; font-size: 13px; font-weight: 700;
  background: var(--wl-button-bg); color: var(--wl-fg); }
.wl-details { margin: 0 0 8px; font-size: 12px; color: var(--wl-muted); }
.wl-details summary { cursor: pointer; }
.wl-details dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 4px 0; }
.wl-details dt, .wl-details dd { margin: 0; }
.wl-name { overflow-wrap: anywhere; max-height: 2.8em; overflow: hidden; }
.wl-evidence { margin: -4px 0 8px; font-size: 12px; overflow-wrap: anywhere; }
.wl-evidence p { margin: 0; }
.wl-evidence .wl-sureness { display: inline-block; margin-top: 2px; border-radius: 999px; padding: 0 8px; font-size: 11px; border: 1px solid var(--wl-border); }
.wl-evidence[data-confidence="low"] .wl-sureness { background: var(--wl-notice-bg); border-color: var(--wl-notice-border); font-weight: 600; }
.wl-flags { display: flex; flex-wrap: wrap; gap: 2px 10px; margin: 0; padding: 0; list-style: none; }
.wl-flag[data-value="true"] { font-weight: 600; color: var(--wl-fg); }
.wl-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 8px; }
.wl-button, .wl-link { display: inline-block; padding: 4px 10px; border-radius: 6px; border: 1px solid var(--wl-border);
  background: var(--wl-button-bg); color: var(--wl-fg); font: inherit; text-decoration: none; cursor: pointer; }
.wl-button:disabled { cursor: default; opacity: 0.6; }
.wl-link-primary { background: var(--wl-primary-bg); border-color: var(--wl-primary-border); color: var(--wl-primary-fg); }
.wl-button:focus-visible, .wl-link:focus-visible { outline: 2px solid var(--wl-focus); outline-offset: 1px; }
.wl-note { margin: 0 0 8px; color: var(--wl-muted); }
.wl-error { margin: 0 0 8px; }
.wl-error-title { font-weight: 700; margin: 0 0 2px; }
.wl-source { margin: 0; color: var(--wl-muted); font-size: 11px; }
[data-words]::before { content: attr(data-words); }
`;
