import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ENV, PORTS } from '../lib/distributed.ts';
import { drive } from '../lib/load.ts';
import { type Running, startTarget } from '../lib/processes.ts';
import type { Figure } from '../lib/report.ts';
import { seedThroughApi } from '../lib/seed.ts';

const SUITE = 'embedded';
const CONNECTIONS = 50;

/** Settles before an idle reading: the boot's garbage is collected and timers have run once. */
const IDLE_MS = 5_000;

/**
 * `npm start`'s mode: one process, target `all`, PGlite, the in-process bus and queue. Boot and idle
 * memory are read on a restart over the seeded data dir, as a hero's machine starts it every day.
 */
export async function embeddedSuite(context: Record<string, unknown>): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lifequest-bench-embedded-'));
  const env = { ...BENCH_ENV, LIFEQUEST_DATA_DIR: dataDir };
  let lq: Running | undefined;
  try {
    lq = await startTarget('all', env, PORTS.embedded);
    context.embeddedFreshBootMs = Math.round(lq.bootMs);
    const seedStart = performance.now();
    const data = await seedThroughApi(lq.url, {
      heroes: 20,
      questsPerHero: 20,
      milestonesPerQuest: 3,
      parallel: 4,
    });
    context.embeddedSeed = { ...data.counts, seconds: (performance.now() - seedStart) / 1000 };
    await lq.stop();

    lq = await startTarget('all', env, PORTS.embedded);
    const bootMs = lq.bootMs;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleMB = lq.rssMB();

    const bearer = data.heroes.map((h) => h.headers);
    const dashboard = await drive({
      url: `${lq.url}/api/dashboard`,
      headers: bearer,
      connections: CONNECTIONS,
      seconds: 5,
    });
    const me = await drive({
      url: `${lq.url}/api/auth/me`,
      headers: bearer,
      connections: CONNECTIONS,
      seconds: 5,
    });
    context.embeddedRssAfterLoadMB = Math.round(lq.rssMB());

    return [
      {
        suite: SUITE,
        name: `GET /api/dashboard, embedded, ${CONNECTIONS} conn: throughput`,
        unit: 'req/s',
        lifequest: dashboard.rps,
        goal: '≥ 600 req/s',
        met: dashboard.rps >= 600,
      },
      {
        suite: SUITE,
        name: `GET /api/dashboard, embedded, ${CONNECTIONS} conn: p99`,
        unit: 'ms',
        lifequest: dashboard.p99,
        goal: '≤ 100 ms',
        met: dashboard.p99 <= 100,
      },
      {
        suite: SUITE,
        name: `GET /api/auth/me, embedded, ${CONNECTIONS} conn: throughput, p99 ${me.p99} ms`,
        unit: 'req/s',
        lifequest: me.rps,
        goal: 'context',
        met: null,
      },
      {
        suite: SUITE,
        name: 'embedded idle RSS (restart over the seeded data, 5 s idle)',
        unit: 'MB',
        lifequest: idleMB,
        goal: '≤ 300 MB',
        met: idleMB <= 300,
      },
      {
        suite: SUITE,
        name: 'embedded boot (spawn → ready, seeded data dir)',
        unit: 's',
        lifequest: bootMs / 1000,
        goal: '≤ 3 s',
        met: bootMs <= 3000,
      },
    ];
  } finally {
    await lq?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
