import { defineWxtModule } from 'wxt/modules';
import { underlineCss } from '#extension/browser-differences.ts';

/** The content script's style sheet: the underline as this build's browser draws it (lib/extension/browser-differences.ts). */
const STYLE_FILE = 'content-scripts/underline.css';

export default defineWxtModule((wxt) => {
  wxt.hooks.hook('build:publicAssets', (_, files) => {
    files.push({ relativeDest: STYLE_FILE, contents: underlineCss(wxt.config.browser) });
  });
  wxt.hooks.hook('build:manifestGenerated', (_, manifest) => {
    const contentScript = manifest.content_scripts?.[0];
    if (!contentScript) throw new Error('underline-style: the manifest has no content script');
    contentScript.css = [...(contentScript.css ?? []), STYLE_FILE];
  });
});
