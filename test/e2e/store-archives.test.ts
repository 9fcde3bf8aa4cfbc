import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { build } from '../support/build-extension.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const OUT_DIR = '.output/store-check';
/** Each test builds the extension (wxt, about 20 s on 2 cores); a machine three times slower needs a minute. */
const BUILD_TIMEOUT_MS = 240_000;

/** The bundles React DOM lands in: the card's module and the pages' shared chunk. */
const REACT_DOM_CHUNKS = /^(content-scripts\/card\.js|chunks\/[\w-]+\.js)$/;
const LAZY_CARD_LOADER = 'content-scripts/content.js';

describe('two browsers, store-ready', () => {
  it(
    'the Firefox build passes web-ext lint with no errors and names its add-on id',
    () => {
      build('firefox', '', OUT_DIR);
      const sourceDir = `${OUT_DIR}/firefox-mv2`;
      const manifest = JSON.parse(readFileSync(`${ROOT}/${sourceDir}/manifest.json`, 'utf8'));
      expect(manifest.browser_specific_settings.gecko.id).toMatch(/@/);
      const lint = spawnSync('npx', ['web-ext', 'lint', '--source-dir', sourceDir, '--output', 'json'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      // web-ext exits 1 when the report has errors, and prints a report still; no report at all is its failure.
      if (!lint.stdout.trim().startsWith('{'))
        throw new Error(`web-ext lint printed no report:\n${lint.stderr}`);
      const report = JSON.parse(lint.stdout) as {
        summary: { errors: number };
        errors: { code: string; file: string }[];
        warnings: { code: string; file: string; message: string }[];
      };
      expect(report.errors).toEqual([]);
      expect(report.summary.errors).toBe(0);
      // Warnings our own code causes fail; those left are React DOM's innerHTML (its chunks), and the one
      // import() of a runtime URL: the card's module, loaded on first hover so that React stays out of the
      // script every page runs (modules/lazy-card.ts). A content script has no other way to load a module.
      const ours = report.warnings.filter(
        (warning) =>
          !(warning.message === 'Unsafe assignment to innerHTML' && REACT_DOM_CHUNKS.test(warning.file)) &&
          !(warning.message === 'Unsafe call to import for argument 0' && warning.file === LAZY_CARD_LOADER),
      );
      expect(ours).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'npm run zip makes archives for the Chrome Web Store and for Firefox Add-ons (with sources)',
    () => {
      const zip = spawnSync('npm', ['run', 'zip'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', WXT_OUT_DIR: OUT_DIR },
        encoding: 'utf8',
      });
      expect(zip.status, zip.stderr).toBe(0);
      const archives = readdirSync(`${ROOT}/${OUT_DIR}`).filter((name) => name.endsWith('.zip'));
      expect(archives.some((name) => name.endsWith('-chrome.zip'))).toBe(true);
      expect(archives.some((name) => name.endsWith('-firefox.zip'))).toBe(true);
      expect(archives.some((name) => name.endsWith('-sources.zip'))).toBe(true);
      expect(existsSync(`${ROOT}/${OUT_DIR}/chrome-mv3/manifest.json`)).toBe(true);
      // Stores show the icon from the archive: every size is in both (zip entry names are stored as text).
      for (const archive of archives.filter((name) => /-(chrome|firefox)\.zip$/.test(name))) {
        const bytes = readFileSync(`${ROOT}/${OUT_DIR}/${archive}`);
        for (const size of [16, 32, 48, 128]) expect(bytes.includes(`icon/${size}.png`), archive).toBe(true);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
