/**
 * node bench/profile.ts <dir or .cpuprofile>...: where each profiled process spent its CPU, by function
 * (self time) and by package (self time summed per file's package), to see what a fix should aim at.
 * WINDOW=<from>-<to> (µs of the monotonic clock, as the distributed suite prints for its toggles under
 * BENCH_CPU_PROF) keeps only the samples taken in that window, and prints each process's busy time there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const files = process.argv.slice(2).flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(path, f))
    : [path],
);
const top = Number(process.env.TOP ?? 25);
const window = /^(\d+)-(\d+)$/.exec(process.env.WINDOW ?? '');
const [from, to] = window ? [Number(window[1]), Number(window[2])] : [-Infinity, Infinity];

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^file:\/\//, '');
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.includes('/src/')
        ? where
            .replace(/.*\/(\w+\/src\/)/, '$1')
            .split('/')
            .slice(0, 2)
            .join('/')
        : where || frame.functionName);
    const name = `${frame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  }
  const show = (title: string, map: Map<string, number>) => {
    process.stdout.write(`  ${title}\n`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(
        `    ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${name}\n`,
      );
    }
  };
  const idle = [...selfMs].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)');
  const busy = total - idle.reduce((sum, [, ms]) => sum + ms, 0);
  process.stdout.write(`\n${file} (${(total / 1000).toFixed(1)} s sampled, ${busy.toFixed(0)} ms busy)\n`);
  show('by package', byPackage);
  show('by function (self)', byFunction);
}
