// `node bench/gateway-cpu.ts`: the gateway's CPU per proxied request, distributed, counted in the
// gateway process itself (/proc/<pid>/stat, user + system time) over a fixed number of requests, so a
// neighbour's load on a shared machine changes how long a round takes, not what it costs.
//
// Every round sends REQUESTS requests (autocannon, 50 connections) to each side in turn: the gateway,
// the service asked directly with a signed identity (its own cost, for scale) and, with
// BASE_ROOT=<another checkout>, a second gateway started from that checkout in front of the same
// services, so two versions are compared in the same moments (BASE_NODE_OPTIONS: Node's options for that
// second gateway alone, to compare a flag with BASE_ROOT the same checkout). ROUNDS rounds (default 6); PATHS
// (comma-separated, default the dashboard and the goals) are the reads. Prints µs of CPU per request
// for each side and round, and the medians. How to read it: docs/performance.md#the-gateways-cpu-per-request.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDENTITY_HEADER, signIdentity } from '@lifequest/platform';
import autocannon from 'autocannon';
import { startDistributed } from './lib/distributed.ts';
import { procStat, type Running, startProcess } from './lib/processes.ts';
import { seedThroughApi } from './lib/seed.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const CONNECTIONS = 50;
const PATHS = (process.env.PATHS ?? '/api/dashboard,/api/goals').split(',');
const BASE_PORT = 8117;
const print = (line: string) => process.stdout.write(`${line}\n`);
/** CPU seconds a process has used so far (all its threads), in user space and in the kernel. */
const cpuSeconds = (pid: number) => procStat(`/proc/${pid}/stat`);

/** CPU seconds per thread name (`comm`: node's main thread, V8's workers, libuv's pool…). */
function threadSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const { name, user, system } = procStat(`/proc/${pid}/task/${task}/stat`);
      byName.set(name, (byName.get(name) ?? 0) + user + system);
    } catch {
      // the thread ended
    }
  }
  return byName;
}

interface Side {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>[];
}

interface Round {
  cpuMicros: number;
  /** Of which in the kernel (system calls: the sockets' reads and writes). */
  systemMicros: number;
  bytes: number;
  rps: number;
  p50: number;
  failures: number;
}

async function round(side: Side, path: string): Promise<Round> {
  let next = 0;
  const threadsBefore = process.env.THREADS ? threadSeconds(side.pid) : null;
  const before = cpuSeconds(side.pid);
  const result = await autocannon({
    url: `${side.url}${path}`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    setupClient: (client) => client.setHeaders(side.headers[next++ % side.headers.length]!),
  });
  const after = cpuSeconds(side.pid);
  if (threadsBefore) {
    const spent = [...threadSeconds(side.pid)].map(
      ([name, seconds]) =>
        `${name} ${(((seconds - (threadsBefore.get(name) ?? 0)) / REQUESTS) * 1e6).toFixed(0)}`,
    );
    print(`  ${side.name} ${path}: µs/request by thread: ${spent.join(', ')}`);
  }
  const perRequest = (seconds: number) => (seconds / result.requests.total) * 1e6;
  return {
    cpuMicros: perRequest(after.user + after.system - before.user - before.system),
    systemMicros: perRequest(after.system - before.system),
    bytes: result.throughput.total / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const lq = await startDistributed();
let base: Running | undefined;
try {
  const data = await seedThroughApi(lq.gateway.url, { heroes: 4, questsPerHero: 20, milestonesPerQuest: 3 });
  const bearer = data.heroes.map((hero) => hero.headers);
  const signed = data.heroes.map((hero) => ({
    [IDENTITY_HEADER]: signIdentity(
      lq.internalSecret,
      { kind: 'hero', userId: hero.userId, email: hero.email, isAdmin: false },
      3600,
    ),
  }));
  const quests = lq.targets.get('quests')!;
  const sides: Side[] = [{ name: 'gateway', url: lq.gateway.url, pid: lq.gateway.pid, headers: bearer }];
  const baseRoot = process.env.BASE_ROOT;
  if (baseRoot) {
    base = await startProcess(
      'gateway (base)',
      [join(baseRoot, 'app/src/main.ts'), '--target', 'gateway'],
      {
        ...lq.gatewayEnv,
        PORT: String(BASE_PORT),
        ...(process.env.BASE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BASE_NODE_OPTIONS } : {}),
      },
      { port: BASE_PORT, cwd: baseRoot },
    );
    const flags = process.env.BASE_NODE_OPTIONS ? ` ${process.env.BASE_NODE_OPTIONS}` : '';
    sides.push({ name: `base (${baseRoot}${flags})`, url: base.url, pid: base.pid, headers: bearer });
  }
  sides.push({ name: 'quests direct', url: quests.url, pid: quests.pid, headers: signed });
  print(`load average at start: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const path of PATHS) {
    const runs = new Map(sides.map((side) => [side.name, [] as Round[]]));
    // Warm-up: the JIT, the pools and the session caches.
    for (const side of sides) await round(side, path);
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of sides) runs.get(side.name)!.push(await round(side, path));
    }
    print(`\n${path}, ${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections`);
    print(
      '| side | CPU µs/request, each round | median | of which system | req/s | p50 ms | bytes/answer | failures |',
    );
    print('|---|---|---|---|---|---|---|---|');
    for (const [name, rounds] of runs) {
      const cpu = rounds.map((x) => x.cpuMicros);
      print(
        `| ${name} | ${cpu.map((x) => x.toFixed(0)).join(', ')} | ${median(cpu).toFixed(0)} | ${median(
          rounds.map((x) => x.systemMicros),
        ).toFixed(0)} | ${median(rounds.map((x) => x.rps)).toFixed(0)} | ${median(
          rounds.map((x) => x.p50),
        ).toFixed(2)} | ${median(rounds.map((x) => x.bytes)).toFixed(0)} | ${rounds.reduce(
          (sum, x) => sum + x.failures,
          0,
        )} |`,
      );
    }
  }
  print(`\nload average at end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} catch (error) {
  // A side that died mid-run: what it said last.
  for (const running of [...lq.targets.values(), ...(base ? [base] : [])]) {
    print(`--- ${running.name}\n${running.output().slice(-3000)}`);
  }
  throw error;
} finally {
  await base?.stop();
  await lq.close();
}
