import { createServer, type Server } from 'node:http';
import { type Corpus, pageHtml } from './real-pages.ts';
import { listenOnLoopback } from './teardown.ts';

/**
 * The page's own scripts are blocked (content scripts are exempt), and nothing is fetched from elsewhere:
 * the pages are read as saved, and a test never reaches the network. Their own styles stay, inline or not.
 */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Serves the corpus's pages on a loopback port, at `/<page id>`. */
export async function startCorpusServer(
  corpus: Corpus,
): Promise<{ url: (pageId: string) => string; close(): Promise<void> }> {
  const pages = new Map(corpus.pages.map((page) => [page.id, page]));
  const server: Server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').slice(1).split('?')[0] ?? '');
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    // No charset here: the page's own <meta charset>, or the browser's default, decides, as for a saved file.
    response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY });
    response.end(pageHtml(corpus, page));
  });
  const { port, close } = await listenOnLoopback(server, 'corpus server');
  return { url: (pageId) => `http://127.0.0.1:${port}/${pageId}`, close };
}
