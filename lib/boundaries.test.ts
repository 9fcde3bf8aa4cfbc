import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rooms' boundaries as the machine checks them: Biome's noRestrictedImports per folder (biome.json),
 * and tsconfig.core.json, which gives lib/core no DOM. Each planted import goes into a file under its
 * room's folder in a scratch folder beside a copy of biome.json, so nothing is written into the tree.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'webmail-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));

/** One diagnostic of Biome's JSON report. */
interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/**
 * Lints each source as a file at its path (a file of its own, numbered, in that folder), all in one run of
 * Biome: each path's diagnostics, in the order given. The JSON report is marked unstable, and biome is pinned
 * to one version in package.json; the count of files checked guards against a report that changed shape.
 */
async function lintAll(
  planted: (readonly [path: string, source: string, ...words: string[]])[],
): Promise<Diagnostic[][]> {
  const files = planted.map(([path, source], index) => {
    const file = path.replace(/\.ts$/, `-${index}.ts`);
    mkdirSync(join(scratch, dirname(file)), { recursive: true });
    // Used, so that the import is only ever reported for where it comes from.
    writeFileSync(join(scratch, file), `${source}\nexport const planted = [imported];\n`);
    return file;
  });
  const { stdout } = await run(
    join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', ...files],
    { cwd: scratch },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    summary: { changed: number; unchanged: number };
    diagnostics: Diagnostic[];
  };
  expect(report.summary.changed + report.summary.unchanged).toBe(files.length);
  return files.map((file) => report.diagnostics.filter(({ location }) => location.path === file));
}

/** Imports a room must refuse: the file's path, the import, and words of the rule's message. */
const REFUSED: (readonly [path: string, source: string, words: string])[] = [
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
    "import { LookupService as imported } from '#worker/lookup-service.ts';",
    'by message',
  ],
  [
    'lib/page/planted.ts',
    "import { apiKeyItem as imported } from '#extension/stored.ts';",
    'storage holds the key',
  ],
  ['lib/page/planted.ts', "import { z as imported } from 'zod';", 'stays small'],
  [
    'lib/worker/planted.ts',
    "import { watchHovers as imported } from '#page/hover.ts';",
    'no DOM and no React',
  ],
  ['server/planted.ts', "import { sendRequest as imported } from '#extension/messaging.ts';", 'nothing else'],
  // The rooms of the extension, bottom to top: lib/extension; lib/settings, lib/page, lib/address-table;
  // lib/worker. None imports a room above it, nor one beside it.
  [
    'lib/extension/planted.ts',
    "import { loadSettings as imported } from '#settings/storage.ts';",
    'nothing of the rooms that import it',
  ],
  [
    'lib/extension/planted.ts',
    "import { lookUpForCard as imported } from '#worker/card-lookup.ts';",
    'nothing of the rooms that import it',
  ],
  [
    'lib/extension/planted.ts',
    "import { watchHovers as imported } from '#page/hover.ts';",
    'nothing of the rooms that import it',
  ],
  [
    'lib/extension/planted.ts',
    "import { addressRows as imported } from '#address-table/rows.ts';",
    'nothing of the rooms that import it',
  ],
  [
    'lib/extension/planted.ts',
    "import { HoverCard as imported } from '#components/HoverCard.tsx';",
    'nothing of the rooms that import it',
  ],
  [
    'lib/settings/planted.ts',
    "import { routeRequests as imported } from '#worker/router.ts';",
    'never the reverse',
  ],
  [
    'lib/settings/planted.ts',
    "import { watchHovers as imported } from '#page/hover.ts';",
    'never the reverse',
  ],
  [
    'lib/settings/planted.ts',
    "import { addressRows as imported } from '#address-table/rows.ts';",
    'never the reverse',
  ],
  [
    'lib/settings/planted.ts',
    "import { HoverCard as imported } from '#components/HoverCard.tsx';",
    'never the reverse',
  ],
  [
    'lib/address-table/planted.ts',
    "import { useSettingsStore as imported } from '#settings/store.ts';",
    'lib/extension only',
  ],
  [
    'lib/address-table/planted.ts',
    "import { routeRequests as imported } from '#worker/router.ts';",
    'lib/extension only',
  ],
  [
    'lib/address-table/planted.ts',
    "import { watchHovers as imported } from '#page/hover.ts';",
    'lib/extension only',
  ],
  ['lib/page/planted.ts', "import { lookupTarget as imported } from '#settings/managed.ts';", 'by message'],
];

/** Imports a room may make. */
const ALLOWED: (readonly [path: string, source: string])[] = [
  ['lib/core/planted.ts', "import { z as imported } from 'zod';"],
  ['lib/page/planted.ts', "import { sendRequest as imported } from '#extension/messaging.ts';"],
  ['lib/extension/planted.ts', "import { classify as imported } from '#core/catalog/index.ts';"],
  ['lib/settings/planted.ts', "import { parseSettings as imported } from '#extension/settings.ts';"],
  [
    'lib/address-table/planted.ts',
    "import { describeResult as imported } from '#extension/describe-result.ts';",
  ],
  ['lib/worker/planted.ts', "import { loadSettings as imported } from '#settings/storage.ts';"],
  ['lib/worker/planted.ts', "import { classify as imported } from '#core/catalog/index.ts';"],
  ['server/planted.ts', "import { classify as imported } from '#core/catalog/index.ts';"],
];

describe('the lint rule on rooms', () => {
  let refused: Diagnostic[][] = [];
  let allowed: Diagnostic[][] = [];
  beforeAll(async () => {
    const diagnostics = await lintAll([...REFUSED, ...ALLOWED]);
    refused = diagnostics.slice(0, REFUSED.length);
    allowed = diagnostics.slice(REFUSED.length);
  });

  it.each(REFUSED.map((planted, index) => [...planted, index] as const))(
    'fails %s importing `%s`',
    (_path, _source, words, index) => {
      expect(refused[index]).toContainEqual(
        expect.objectContaining({
          severity: 'error',
          category: 'lint/style/noRestrictedImports',
          message: expect.stringContaining(words),
        }),
      );
    },
  );

  it.each(ALLOWED.map((planted, index) => [...planted, index] as const))(
    'lets %s import `%s`',
    (_path, _source, index) => {
      expect(allowed[index]).toEqual([]);
    },
  );
});

describe('the core without a DOM (tsconfig.core.json)', () => {
  /** Type-checks the files under the core's settings in one run of tsc: its errors, one a line. */
  async function typecheck(files: Record<string, string>): Promise<string[]> {
    const dir = join(scratch, 'typecheck');
    mkdirSync(dir);
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.core.json'),
        compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')] },
        include: Object.keys(files),
        exclude: [],
      }),
    );
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/tsc'),
      ['--noEmit', '--pretty', 'false', '-p', dir],
      {
        cwd: dir,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    return stdout.split('\n').filter((line) => line.includes('error TS'));
  }

  it('fails code that reaches for the page, and passes what the service has too', async () => {
    const errors = await typecheck({
      'page.ts': 'export const title = document.title;\n',
      'service.ts': 'export const host = new URL("https://a.example/").host;\n',
    });
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/^page\.ts.*Cannot find name 'document'/);
  }, 120_000);
});
