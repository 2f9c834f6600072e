// `node bench/auth-memory.ts`: what grows in the auth process while it consumes XP events and answers
// the reads a toggle causes, with nothing else of LifeQuest running. auth is started alone (`--target
// auth`, as the images run it) on PostgreSQL and RabbitMQ; this script plays quests: it publishes
// milestone.completed / milestone.reopened for its heroes on the installation's exchange, asks auth's
// awaited projection for each (`/internal/auth/xp/:userId?after=<event>`, as quests' toggle does) and
// reads `/api/auth/me` (as the header does), CONCURRENCY at a time, for DURATION_SECONDS (600).
//
// Every SAMPLE_SECONDS (30) it prints auth's CPU time (from /proc; the end says what a toggle took,
// which the machine's load hardly moves), its RSS and, through auth's inspector, process.memoryUsage()
// (the V8 heap used and held, `external`, its array buffers), and the resident part of its WebAssembly
// memories, read from /proc/<pid>/smaps (Prisma's query compiler runs in one, undici's HTTP parser in
// another). Memory does not depend on the machine's load, so the figures hold on a shared machine.
// - Plain: the figures are the process's own, as the soak sees them: how far V8 lets the heap grow
//   before it collects, and so the RSS.
// - RETAINED=1: each sample first collects the garbage (a full GC through the inspector), so the heap
//   used is what auth keeps: a leak grows it.
// - ALLOCATIONS=1: V8's sampling heap profiler runs throughout, and the end prints where the allocated
//   bytes (garbage included) came from, by package and by function.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_HEADER, RabbitMqEventBus, signIdentity } from '@lifequest/platform';
import { createEnvelope } from '@lifequest/proto';
import pg from 'pg';
import { BENCH_ENV, PORTS } from './lib/distributed.ts';
import { benchInfra } from './lib/infra.ts';
import { callOk } from './lib/load.ts';
import { procStat, rssOf, startTarget } from './lib/processes.ts';
import { growthPct } from './lib/soak.ts';

const SECONDS = Number(process.env.DURATION_SECONDS ?? 600);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 30);
const HEROES = Number(process.env.HEROES ?? 200);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const INSPECT_PORT = Number(process.env.INSPECT_PORT ?? 9241);
const RETAINED = process.env.RETAINED === '1';
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 60);

interface Sample {
  at: number;
  toggles: number;
  /** auth's CPU time so far (user + system, all threads, from /proc), in seconds. */
  cpuSeconds: number;
  rssMB: number;
  /** V8's heap in use (with RETAINED, right after a full collection: what the process keeps). */
  heapUsedMB: number;
  heapTotalMB: number;
  externalMB: number;
  arrayBuffersMB: number;
  wasmMB: number;
}

/** A process's CPU time (user + system, all threads) in seconds, from /proc/<pid>/stat. */
function cpuSecondsOf(pid: number): number {
  const { user, system } = procStat(`/proc/${pid}/stat`);
  return user + system;
}

/**
 * Resident MB of the process's WebAssembly memories. V8 reserves each as one mapping of 8 GiB or so and
 * makes only its first pages accessible, which splits it in two: the accessible part (resident as it is
 * used) directly followed by an inaccessible remainder of several GiB. So: the resident size of each
 * mapping that ends where an inaccessible one of 4 GiB or more starts.
 */
function wasmResidentMB(pid: number): number {
  const maps: { start: bigint; end: bigint; perms: string; rssKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range)
      maps.push({ start: BigInt(`0x${range[1]}`), end: BigInt(`0x${range[2]}`), perms: range[3]!, rssKb: 0 });
    else if (line.startsWith('Rss:') && maps.length > 0)
      maps.at(-1)!.rssKb = Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  let kb = 0;
  for (const [i, map] of maps.entries()) {
    const after = maps[i + 1];
    const reserved =
      after &&
      after.start === map.end &&
      after.perms.startsWith('---') &&
      after.end - after.start >= 4n * 1024n ** 3n;
    if (reserved && map.perms.startsWith('rw')) kb += map.rssKb;
  }
  return kb / 1024;
}

/** auth's inspector (it runs with --inspect): process.memoryUsage(), after a full GC if asked. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (message) => {
    const reply = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memory(collectFirst: boolean): Promise<NodeJS.MemoryUsage> {
      if (collectFirst) await send('HeapProfiler.collectGarbage');
      const result = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    },
    /** Starts V8's sampling heap profiler: where the allocations come from (garbage included). */
    startAllocations: () =>
      send('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    /** Stops it; the sampled bytes by package (or Node's own code) and by function, largest first. */
    async stopAllocations() {
      const { profile } = (await send('HeapProfiler.stopSampling')) as { profile: { head: AllocationNode } };
      const byPackage = new Map<string, number>();
      const byFunction = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, bytes: number) =>
        map.set(key, (map.get(key) ?? 0) + bytes);
      const walk = (node: AllocationNode) => {
        const { url, functionName, lineNumber } = node.callFrame;
        add(byPackage, packageOf(url), node.selfSize);
        add(
          byFunction,
          `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`,
          node.selfSize,
        );
        for (const child of node.children) walk(child);
      };
      walk(profile.head);
      const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
      return { byPackage: top(byPackage, 12), byFunction: top(byFunction, 15) };
    },
    close: () => socket.close(),
  };
}

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/** The package an allocating function belongs to: its node_modules folder, the repository's, or Node's. */
function packageOf(url: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:') || url === '') return url === '' ? '(V8 and native)' : 'node';
  const repo = /\/(platform|services\/[^/]+|proto|app)\//.exec(url);
  return repo ? `lifequest ${repo[1]}` : url;
}

const infra = await benchInfra();
const internalSecret = randomBytes(32).toString('hex');
const auth = await startTarget(
  'auth',
  {
    ...BENCH_ENV,
    DATABASE_URL: infra.databaseUrl,
    AMQP_URL: infra.amqpUrl,
    REDIS_URL: infra.redisUrl,
    INFRA_PREFIX: infra.prefix,
    INTERNAL_SECRET: internalSecret,
    // The inspector, so each sample can collect the garbage first and read process.memoryUsage().
    NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECT_PORT}`,
    // Only onboarding asks quests (a first quest); nothing here onboards.
    QUESTS_URL: `http://127.0.0.1:${PORTS.quests}`,
    LIFEQUEST_DATA_DIR: mkdtempSync(join(tmpdir(), 'lifequest-bench-')),
  },
  // A port of its own: a distributed run (PORTS) may be up beside it.
  Number(process.env.AUTH_PORT ?? 8141),
);
const bus = new RabbitMqEventBus({ url: infra.amqpUrl, prefix: infra.prefix });
const authInspector = await inspector(INSPECT_PORT);
try {
  // The heroes straight into auth's table: registering hashes a password, which is not what is measured.
  const db = new pg.Client({ connectionString: infra.databaseUrl });
  db.on('error', () => {});
  await db.connect();
  const heroes = Array.from({ length: HEROES }, (_, i) => ({
    userId: randomUUID(),
    email: `memory-${i}@bench.test`,
    milestoneId: randomUUID(),
    goalId: randomUUID(),
    version: 0,
  }));
  await db.query(
    `insert into auth.users (id, email, name, updated_at)
     select id, email, 'Bench hero', now() from unnest($1::uuid[], $2::text[]) as h(id, email)`,
    [heroes.map((h) => h.userId), heroes.map((h) => h.email)],
  );
  await db.end();
  const service = {
    [IDENTITY_HEADER]: signIdentity(internalSecret, { kind: 'service', service: 'quests' }, 3600),
  };

  let toggles = 0;
  /** One toggle as quests makes it: the event published, the awaited projection asked, then /me. */
  const toggle = async (hero: (typeof heroes)[number]): Promise<void> => {
    const version = hero.version + 1;
    const base = { milestoneId: hero.milestoneId, goalId: hero.goalId, userId: hero.userId, title: 'Run 5K' };
    const event =
      version % 2 === 1
        ? createEnvelope(
            'milestone.completed',
            { ...base, goalTitle: 'Run a 10K', xpReward: 50, xpBonus: 10, version, className: 'health' },
            hero.userId,
          )
        : createEnvelope(
            'milestone.reopened',
            { ...base, goalTitle: 'Run a 10K', xpReward: 50, version },
            hero.userId,
          );
    await bus.publish(event);
    await callOk(`${auth.url}/internal/auth/xp/${hero.userId}?after=${event.id}`, { headers: service });
    const me = {
      [IDENTITY_HEADER]: signIdentity(internalSecret, {
        kind: 'hero',
        userId: hero.userId,
        email: 'x@bench.test',
        isAdmin: false,
      }),
    };
    await callOk(`${auth.url}/api/auth/me`, { headers: me });
    hero.version = version;
    toggles++;
  };

  const samples: Sample[] = [];
  const started = performance.now();
  const sampleNow = async () => {
    const memory = await authInspector.memory(RETAINED);
    const rssMB = rssOf(auth.pid);
    const sample: Sample = {
      at: Math.round((performance.now() - started) / 1000),
      toggles,
      cpuSeconds: cpuSecondsOf(auth.pid),
      rssMB,
      heapUsedMB: memory.heapUsed / 1e6,
      heapTotalMB: memory.heapTotal / 1e6,
      externalMB: memory.external / 1e6,
      arrayBuffersMB: memory.arrayBuffers / 1e6,
      wasmMB: wasmResidentMB(auth.pid),
    };
    samples.push(sample);
    process.stdout.write(
      `${sample.at}s: ${sample.toggles} toggles; RSS ${sample.rssMB.toFixed(0)} MB, heap ${sample.heapUsedMB.toFixed(0)}/${sample.heapTotalMB.toFixed(0)} MB, external ${sample.externalMB.toFixed(1)} MB (array buffers ${sample.arrayBuffersMB.toFixed(1)}), WebAssembly ${sample.wasmMB.toFixed(1)} MB\n`,
    );
  };
  await sampleNow();
  const profiling = process.env.ALLOCATIONS === '1';
  if (profiling) await authInspector.startAllocations();
  let nextSample = started + SAMPLE_SECONDS * 1000;
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    // Each worker its own heroes, so one hero's toggles come one at a time, as one person's clicks.
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const own = heroes.filter((_, i) => i % CONCURRENCY === worker);
      for (let i = 0; performance.now() < deadline; i++) {
        await toggle(own[i % own.length]!);
        if (performance.now() >= nextSample) {
          nextSample += SAMPLE_SECONDS * 1000;
          await sampleNow();
        }
      }
    }),
  );
  await sampleNow();
  // As the soak measures it: after WARMUP_SECONDS, the last third's median against the first third's.
  const warm = samples.filter((sample) => sample.at >= WARMUP_SECONDS);
  const growth = (key: 'rssMB' | 'heapUsedMB' | 'heapTotalMB' | 'externalMB' | 'wasmMB') =>
    `${growthPct(warm.map((sample) => sample[key])).toFixed(1)}% (max ${Math.max(...warm.map((sample) => sample[key])).toFixed(1)} MB)`;
  process.stdout.write(
    `after ${WARMUP_SECONDS}s, ${toggles} toggles in all (auth's CPU ${(((warm.at(-1)!.cpuSeconds - warm[0]!.cpuSeconds) / (warm.at(-1)!.toggles - warm[0]!.toggles)) * 1000).toFixed(2)} ms a toggle): RSS ${growth('rssMB')}, heap used ${growth('heapUsedMB')}, heap total ${growth('heapTotalMB')}, external ${growth('externalMB')}, WebAssembly ${growth('wasmMB')}\n`,
  );
  if (profiling) {
    const { byPackage, byFunction } = await authInspector.stopAllocations();
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    process.stdout.write(
      `sampled allocations, by package: ${byPackage.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}\n`,
    );
    for (const [name, bytes] of byFunction) process.stdout.write(`  ${mb(bytes)}  ${name}\n`);
  }
  if (process.env.SAMPLES_FILE) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.SAMPLES_FILE, `${JSON.stringify(samples, null, 2)}\n`);
  }
} catch (error) {
  process.stderr.write(`${String(error)}\n${auth.output()}\n`);
  process.exitCode = 1;
} finally {
  authInspector.close();
  await bus.close();
  await auth.stop();
  await infra.dispose();
}
