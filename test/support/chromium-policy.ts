/**
 * Chromium with an enterprise policy that exists for the test alone. Chromium on Linux reads policy only
 * from /etc/chromium/policies/managed/*.json; writing there would set it for every Chromium on the machine.
 * So Chromium is started through a wrapper that, in a mount namespace of its own (unshare), binds a copy of
 * /etc/chromium with the test's policy over the real one: the policy is seen by that process tree only.
 * An extension's part of the policy sits under `3rdparty.extensions.<id>`, and an unpacked extension's id
 * follows from its path, so the id is known before launch.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM_ETC = '/etc/chromium';

/** Chromium's id for an unpacked extension: the SHA-256 of its absolute path, its first 32 hex digits as a-p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

export interface PolicyChromium {
  /** Start this instead of Chromium: it is Chromium, seeing the test's policy. */
  executablePath: string;
  cleanup(): void;
}

/** A Chromium launcher whose policy gives the extension in `extensionDir` these managed settings. */
export function chromiumWithPolicy(
  chromiumPath: string,
  extensionDir: string,
  managed: Record<string, unknown>,
): PolicyChromium {
  if (!existsSync(CHROMIUM_ETC))
    throw new Error(`${CHROMIUM_ETC} is missing: is Debian's chromium installed?`);
  const dir = mkdtempSync(join(tmpdir(), 'webmail-policy-'));
  const etc = join(dir, 'etc-chromium');
  cpSync(CHROMIUM_ETC, etc, { recursive: true });
  mkdirSync(join(etc, 'policies', 'managed'), { recursive: true });
  const policy = { '3rdparty': { extensions: { [unpackedExtensionId(extensionDir)]: managed } } };
  writeFileSync(join(etc, 'policies', 'managed', 'webmail-lookup-test.json'), JSON.stringify(policy));
  // Root may make a mount namespace; anyone else needs a user namespace to be root in (unshare -r).
  const asRoot = process.getuid?.() === 0 ? '' : '--map-root-user';
  const launcher = join(dir, 'chromium');
  writeFileSync(
    launcher,
    `#!/bin/sh\nexec unshare --mount --propagation private ${asRoot} -- sh -c 'mount --bind "$0" ${CHROMIUM_ETC} && exec "$@"' "${etc}" "${chromiumPath}" "$@"\n`,
  );
  chmodSync(launcher, 0o755);
  return { executablePath: launcher, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
