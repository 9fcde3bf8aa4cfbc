/**
 * CPU profiles of the service's cached path, one process on each store, under the service bench's load:
 * `npx tsx bench/profile-service.ts DIR` writes a `.cpuprofile` per process into DIR/sqlite and
 * DIR/postgresql (what Node's --cpu-prof writes, taken by cpu-profile.mjs; Chrome DevTools' Performance panel
 * or speedscope draws it as a flame graph) and prints each one's frames with the most self time. Keep the profiles out of the repository.
 * BENCH_PROFILE_SECONDS sets how long each store is loaded (20 s); the profile starts after a warm-up, so
 * start-up and the JIT's first compilations are left out.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDnsFixtureServer } from '#test/support/dns-fixture-server.ts';
import { type PostgresServer, startPostgres } from '#test/support/postgres-server.ts';
import { load, startTarget, warmUp } from './service.ts';

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 20);
const TOP_FRAMES = 25;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame is: its function, file (from the repository or node_modules) and line. */
function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules\/|server\/|lib\/)/, '$1');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** The frames with the most self time, as lines: share of the busy time, milliseconds, frame. */
export function topFrames(profile: CpuProfile, count = TOP_FRAMES): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  let idleUs = 0;
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const name = frameName((byId.get(id) as ProfileNode).callFrame);
    if (name === '(idle)') idleUs += delta;
    else selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
    totalUs += delta;
  });
  const busyUs = totalUs - idleUs;
  const lines = [...selfUs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, us]) =>
        `${((us * 100) / busyUs).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
  return [
    `busy ${(busyUs / 1e6).toFixed(1)} s, idle ${(idleUs / 1e6).toFixed(1)} s; self time, share of busy:`,
    ...lines,
  ];
}

async function profileStore(
  name: string,
  dir: string,
  dns: string,
  postgres: PostgresServer | undefined,
): Promise<void> {
  const profileDir = join(dir, name);
  mkdirSync(profileDir, { recursive: true });
  const target = await startTarget(dns, 1, postgres, {
    NODE_OPTIONS: `--import=${new URL('./cpu-profile.mjs', import.meta.url).href}`,
    CPU_PROFILE_DIR: profileDir,
  });
  try {
    await warmUp(target.cached);
    for (const service of target.services) service.child.kill('SIGUSR2');
    const result = await load(target.cached, target.watched, SECONDS);
    console.log(`\n${name}: ${Math.round(result.rps).toLocaleString('en')} req/s under the profiler`);
  } finally {
    for (const service of target.services) await service.stop();
  }
  const profiles = readdirSync(profileDir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => ({
      file,
      profile: JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile,
    }))
    .sort((a, b) => b.profile.samples.length - a.profile.samples.length);
  const main = profiles[0];
  if (!main) throw new Error(`no profile was written to ${profileDir}`);
  console.log(join(profileDir, main.file));
  for (const line of topFrames(main.profile)) console.log(line);
}

const dir = resolve(process.argv[2] ?? expectDir());
function expectDir(): never {
  throw new Error('Usage: npx tsx bench/profile-service.ts DIR (a folder outside the repository)');
}

const dns = await startDnsFixtureServer();
const postgres = await startPostgres();
try {
  await profileStore('sqlite', dir, dns.address, undefined);
  await profileStore('postgresql', dir, dns.address, postgres);
} finally {
  await postgres.stop();
  await dns.close();
}
