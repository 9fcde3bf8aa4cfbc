/**
 * An extension that does nothing, injected as ours is: the same content-script entry (pages, frames, run
 * time) and a service worker, each an empty script. A page loaded beside it shows what Chromium charges
 * any such extension, apart from anything our code does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_EXTENSION_DIR } from '#test/support/build-extension.ts';

interface ContentScriptEntry {
  matches: string[];
  all_frames?: boolean;
  run_at?: string;
  js: string[];
  css?: string[];
}

/** Writes the no-op extension, shaped after the built extension's manifest, and returns its directory. */
export function writeNoopExtension(): string {
  const built = JSON.parse(readFileSync(join(E2E_EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    content_scripts: ContentScriptEntry[];
  };
  const dir = mkdtempSync(join(tmpdir(), 'webmail-bench-noop-'));
  writeFileSync(join(dir, 'noop.js'), '');
  const manifest = {
    manifest_version: 3,
    name: 'No-op',
    version: '1.0.0',
    background: { service_worker: 'noop.js' },
    // Its entries inject an empty script and no style sheet: the underline's style is ours to count.
    content_scripts: built.content_scripts.map(({ css: _css, ...entry }) => ({ ...entry, js: ['noop.js'] })),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}
