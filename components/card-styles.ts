/** The card's styles, shared by the hover card (inside its shadow root) and the popup. */
export const CARD_CSS = `
.wl-card { box-sizing: border-box; width: 320px; max-width: calc(100vw - 16px); padding: 12px 14px; border-radius: 10px;
  background: #fff; color: #1f2328; border: 1px solid #d0d7de; box-shadow: 0 8px 24px rgba(31,35,40,.18);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: left; }
.wl-card * { box-sizing: border-box; }
.wl-address { font-weight: 600; word-break: break-all; margin: 0 0 6px; }
.wl-provider { margin: 0; font-size: 16px; font-weight: 700; overflow-wrap: anywhere; max-height: 4.2em; overflow: hidden; }
.wl-name { margin: 0 0 8px; color: #59636e; font-size: 12px; overflow-wrap: anywhere; max-height: 2.8em; overflow: hidden; }
.wl-flags { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 10px; padding: 0; list-style: none; }
.wl-flag { border-radius: 999px; padding: 1px 8px; font-size: 11px; border: 1px solid #d0d7de; color: #59636e; }
.wl-flag[data-value="true"] { font-weight: 600; }
.wl-flag-disposable[data-value="true"] { background: #ffebe9; border-color: #ff8182; color: #82071e; }
.wl-flag-freemail[data-value="true"] { background: #ddf4ff; border-color: #54aeff; color: #0a3069; }
.wl-flag-privacy[data-value="true"] { background: #fbefff; border-color: #c297ff; color: #512a97; }
.wl-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 8px; }
.wl-button, .wl-link { display: inline-block; padding: 4px 10px; border-radius: 6px; border: 1px solid #d0d7de;
  background: #f6f8fa; color: #1f2328; font: inherit; text-decoration: none; cursor: pointer; }
.wl-link-primary { background: #1f883d; border-color: #1a7f37; color: #fff; }
.wl-button:focus-visible, .wl-link:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.wl-note { margin: 0 0 8px; color: #59636e; }
.wl-error { margin: 0 0 8px; }
.wl-error-title { font-weight: 700; margin: 0 0 2px; }
.wl-source { margin: 0; color: #59636e; font-size: 11px; }
`;
