import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The rooms' boundaries (README, "Layout") as the machine checks them: Biome's noRestrictedImports per folder
 * (biome.json), and tsconfig.core.json, which gives lib/core no DOM. Each planted import goes into a file at
 * its path in a scratch folder beside a copy of biome.json, so nothing is written into the tree.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'webmail-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));

/** Lints `source` as the file at `path`: whether Biome failed, and what it said. */
async function lint(path: string, source: string): Promise<{ failed: boolean; output: string }> {
  mkdirSync(join(scratch, dirname(path)), { recursive: true });
  // Used, so that the import is only ever reported for where it comes from.
  writeFileSync(join(scratch, path), `${source}\nexport const planted = [imported];\n`);
  try {
    const { stdout, stderr } = await run(
      join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', path],
      { cwd: scratch },
    );
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

describe('the lint rule on rooms', () => {
  it.each([
    [
      'lib/core/planted.ts',
      "import { browser as imported } from 'wxt/browser';",
      'no browser APIs, React or DOM code',
    ],
    [
      'lib/core/planted.ts',
      "import { useState as imported } from 'react';",
      'no browser APIs, React or DOM code',
    ],
    ['lib/core/planted.ts', "import { watchHovers as imported } from '#page/hover.ts';", 'imports neither'],
    [
      'lib/core/catalog/planted.ts',
      "import { CARD_TAG as imported } from '../../page/card-module.ts';",
      'by its room',
    ],
    [
      'lib/page/planted.ts',
      "import { createLookupService as imported } from '#worker/lookup-service.ts';",
      'by message',
    ],
    [
      'lib/page/planted.ts',
      "import { apiKeyItem as imported } from '#settings/storage.ts';",
      'storage holds the key',
    ],
    ['lib/page/planted.ts', "import { z as imported } from 'zod';", 'stays small'],
    [
      'lib/worker/planted.ts',
      "import { watchHovers as imported } from '#page/hover.ts';",
      'no DOM and no React',
    ],
    [
      'server/planted.ts',
      "import { sendRequest as imported } from '#extension/messaging.ts';",
      'nothing else',
    ],
  ])('fails %s importing `%s`', async (path, source, words) => {
    const { failed, output } = await lint(path, source);
    expect(failed).toBe(true);
    expect(output).toContain('noRestrictedImports');
    expect(output).toContain(words);
  });

  it.each([
    ['lib/core/planted.ts', "import { z as imported } from 'zod';"],
    ['lib/page/planted.ts', "import { sendRequest as imported } from '#extension/messaging.ts';"],
    ['lib/worker/planted.ts', "import { classify as imported } from '#core/catalog/index.ts';"],
    ['server/planted.ts', "import { classify as imported } from '#core/catalog/index.ts';"],
  ])('lets %s import `%s`', async (path, source) => {
    const { failed, output } = await lint(path, source);
    expect(output).not.toContain('noRestrictedImports');
    expect(failed).toBe(false);
  });
});

describe('the core without a DOM (tsconfig.core.json)', () => {
  const dir = join(scratch, 'typecheck');
  mkdirSync(dir);

  async function typecheck(source: string): Promise<string> {
    writeFileSync(join(dir, 'planted.ts'), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.core.json'),
        compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')] },
        include: ['planted.ts'],
        exclude: [],
      }),
    );
    try {
      await run(join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', dir], { cwd: ROOT });
      return '';
    } catch (error) {
      return (error as { stdout?: string }).stdout ?? String(error);
    }
  }

  it('fails code that reaches for the page, and passes what the service has too', async () => {
    expect(await typecheck('export const title = document.title;\n')).toContain(
      "Cannot find name 'document'",
    );
    expect(await typecheck('export const host = new URL("https://a.example/").host;\n')).toBe('');
  }, 120_000);
});
