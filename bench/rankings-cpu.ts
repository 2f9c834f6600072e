// `node bench/rankings-cpu.ts`: what one `GET /api/leaderboard` costs the machine, distributed, asked of
// the social service directly (a signed identity) and of the reference handler (bench/peers/reference.ts),
// counted in CPU time rather than requests a second, so a neighbour's load on a shared machine changes
// how long a round takes, not what it costs. Per request, over a fixed number of requests (autocannon,
// 50 connections): the serving process (/proc/<pid>/stat, user + system, all threads), the PostgreSQL
// backends connected to the bench's database, and the Redis server (INFO cpu: the whole server, so
// others' use of a shared Redis shows in it too). Every round asks each side in turn; ROUNDS rounds
// (default 6) of REQUESTS requests (default 10,000); prints each side's medians. How to read it:
// docs/performance.md#the-rankings-cpu-per-request.
import { readFileSync } from 'node:fs';
import { IDENTITY_HEADER, signIdentity } from '@lifequest/platform';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PORTS, startDistributed } from './lib/distributed.ts';
import { type Running, startProcess } from './lib/processes.ts';
import { seedThroughApi } from './lib/seed.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const CONNECTIONS = 50;
const PATH = '/api/leaderboard?type=total_xp';
const print = (line: string) => process.stdout.write(`${line}\n`);
/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds a process has used so far (all its threads); 0 once it has ended. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

interface Side {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>[];
}

interface Round {
  process: number;
  postgres: number;
  redis: number;
  rps: number;
  failures: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const lq = await startDistributed();
let reference: Running | undefined;
const admin = new pg.Client({ connectionString: lq.infra.databaseUrl });
const redis = new Redis(lq.infra.redisUrl);
try {
  await admin.connect();
  const data = await seedThroughApi(lq.gateway.url, { heroes: 20, questsPerHero: 2, milestonesPerQuest: 1 });
  reference = await startProcess(
    'reference',
    [new URL('./peers/reference.ts', import.meta.url).pathname],
    {
      PORT: String(PORTS.reference),
      DATABASE_URL: lq.infra.databaseUrl,
      REDIS_URL: lq.infra.redisUrl,
      INFRA_PREFIX: lq.infra.prefix,
    },
    { port: PORTS.reference },
  );
  const social = lq.targets.get('social')!;
  const sides: Side[] = [
    {
      name: 'social direct',
      url: social.url,
      pid: social.pid,
      headers: data.heroes.map((hero) => ({
        [IDENTITY_HEADER]: signIdentity(
          lq.internalSecret,
          { kind: 'hero', userId: hero.userId, email: hero.email, isAdmin: false },
          3600,
        ),
      })),
    },
    { name: 'reference', url: reference.url, pid: reference.pid, headers: data.heroes.map((h) => h.headers) },
  ];
  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  const redisSeconds = async () => {
    const info = await redis.info('cpu');
    const value = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
    return value('used_cpu_sys') + value('used_cpu_user');
  };
  const round = async (side: Side): Promise<Round> => {
    let next = 0;
    const pids = await backends();
    const before = { process: cpuSeconds(side.pid), pg: pids.map(cpuSeconds), redis: await redisSeconds() };
    const result = await autocannon({
      url: `${side.url}${PATH}`,
      connections: CONNECTIONS,
      amount: REQUESTS,
      setupClient: (client) => client.setHeaders(side.headers[next++ % side.headers.length]!),
    });
    const after = { process: cpuSeconds(side.pid), pg: pids.map(cpuSeconds), redis: await redisSeconds() };
    const per = (seconds: number) => (seconds / result.requests.total) * 1e6;
    return {
      process: per(after.process - before.process),
      postgres: per(after.pg.reduce((sum, s, i) => sum + Math.max(0, s - before.pg[i]!), 0)),
      redis: per(after.redis - before.redis),
      rps: result.requests.average,
      failures: result.non2xx + result.errors + result.timeouts,
    };
  };
  print(`load average at start: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  const runs = new Map(sides.map((side) => [side.name, [] as Round[]]));
  for (const side of sides) await round(side); // warm-up: the JIT, the pools, the sets
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of sides) runs.get(side.name)!.push(await round(side));
  }
  print(
    `\n${PATH}, ${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections, CPU µs/request (medians)`,
  );
  print('| side | process | PostgreSQL | Redis | total | req/s | failures |');
  print('|---|---|---|---|---|---|---|');
  for (const [name, rounds] of runs) {
    const m = (pick: (x: Round) => number) => median(rounds.map(pick));
    print(
      `| ${name} | ${m((x) => x.process).toFixed(0)} | ${m((x) => x.postgres).toFixed(0)} | ${m((x) => x.redis).toFixed(0)} | ${m((x) => x.process + x.postgres + x.redis).toFixed(0)} | ${m((x) => x.rps).toFixed(0)} | ${rounds.reduce((sum, x) => sum + x.failures, 0)} |`,
    );
  }
  print(`\nload average at end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await admin.end().catch(() => undefined);
  redis.disconnect();
  await reference?.stop();
  await lq.close();
}
