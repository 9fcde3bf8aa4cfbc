/**
 * What a person sees on a corpus page, for labelling it by hand: `npm run show-real-page -- <page id>...` (or
 * `all`) prints the page's visible text as Chromium renders it with the page's scripts blocked, then every
 * link whose target is `mailto:` or Cloudflare's email protection, with its text. Labels come from reading
 * this, never from the extension's own findings.
 */

import { startCorpusServer } from '#test/support/corpus-server.ts';
import { launchPlainBrowser } from '#test/support/extension-browser.ts';
import { fetchCorpus, readCorpus } from '#test/support/real-pages.ts';
import { stopWithUsage } from './stop-with-usage.ts';

const wanted = process.argv.slice(2);
if (wanted.length === 0) stopWithUsage('Usage: npm run show-real-page -- <page id>... | all');
const corpus = readCorpus();
fetchCorpus(corpus);
const server = await startCorpusServer(corpus);
const browser = await launchPlainBrowser();
try {
  for (const page of corpus.pages.filter(
    (candidate) => wanted.includes('all') || wanted.includes(candidate.id),
  )) {
    const tab = await browser.context.newPage();
    await tab.goto(server.url(page.id), { waitUntil: 'load' });
    const seen = await tab.evaluate(() => ({
      text: document.body?.innerText ?? '',
      links: [...document.querySelectorAll('a[href]')]
        .map((link) => ({
          href: link.getAttribute('href') ?? '',
          text: (link as HTMLElement).innerText.trim(),
          visible: link.checkVisibility({ visibilityProperty: true }),
        }))
        .filter(({ href }) => /^\s*mailto:|email-protection/i.test(href)),
      protected: [...document.querySelectorAll('[data-cfemail]')].map((element) =>
        element.getAttribute('data-cfemail'),
      ),
    }));
    console.log(`===== ${page.id} (${page.source}: ${page.path})`);
    console.log(seen.text);
    console.log(`----- links to mail (${seen.links.length})`);
    for (const link of seen.links)
      console.log(`${link.visible ? '' : '(hidden) '}${link.href}\t[${link.text}]`);
    if (seen.protected.length) console.log(`----- data-cfemail: ${seen.protected.join(' ')}`);
    await tab.close();
  }
} finally {
  await browser.close();
  await server.close();
}
