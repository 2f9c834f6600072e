import { type ChildProcess, spawn } from 'node:child_process';
import { describeWithInfra } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSoak, type SoakResult } from '../bench/lib/soak.ts';

// The soak's short version (`npm run soak` is the 30-minute one): the distributed mode under a fixed
// load of reads, toggles, feed, likes, progress logs and stories, with the soak's limits asserted on
// counts and growth, never on durations. Three minutes: two of warm-up (the heaps settle in steps until
// about 80 s, with the young generation pinned below), then a sample every 10 s; 20 heroes, not 200, since seeding a hero through the API (its password hash included) is
// most of the cost of each one. It runs beside the crash, kill and fault suites, one after another
// (e2e/vitest.config.ts), so its three minutes cost `npm test` about the time those take anyway.
const SECONDS = 180;

/** The heavy suites' lock (package.json's fault and soak): held until the file ends. */
function heavyLock(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const holder = spawn('flock', ['/tmp/lq-heavy.lock', '-c', 'echo locked; read _'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    holder.on('error', reject);
    holder.stdout.once('data', () => resolve(holder));
  });
}

await describeWithInfra('postgres', 'a short soak, distributed', (postgresUrl) => {
  let lock: ChildProcess | undefined;
  let result: SoakResult;

  beforeAll(async () => {
    lock = await heavyLock();
    result = await runSoak({
      seconds: SECONDS,
      warmupSeconds: 120,
      sampleSeconds: 10,
      heroes: 20,
      rate: 20,
      // The young generation at one size throughout (16 MB semi-spaces, V8's first size), so that V8
      // growing it mid-run is not read as growth; the 30-minute soak keeps Node's defaults.
      nodeOptions: '--max-semi-space-size=16',
      // The samples in the test's output: what grew, when one fails.
      onSample: (s) =>
        process.stdout.write(
          `soak ${s.at.toFixed(0)} s: ${s.requests} req, errors ${s.errors}, backlog ${s.backlog}, RSS ${Object.entries(
            s.processes,
          )
            .map(
              ([name, p]) =>
                `${name} ${p.rssMB.toFixed(1)} (heap ${p.heapUsedMB.toFixed(1)} of ${p.heapTotalMB.toFixed(1)}, new ${p.newSpaceMB.toFixed(1)}, external ${p.externalMB.toFixed(1)})`,
            )
            .join(' ')}\n`,
        ),
    });
  }, 600_000);
  afterAll(() => {
    lock?.stdin?.end();
  });

  it('answers every request: no 5xx, no connection without an answer', () => {
    expect(result.errorExamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.samples.reduce((sum, s) => sum + s.requests, 0)).toBeGreaterThan(SECONDS * 10);
  });

  it('grows no process by more than 10% of its memory after warm-up', () => {
    expect(Object.keys(result.rssGrowthPct).sort()).toEqual(
      ['admin', 'ai', 'ai-worker', 'auth', 'gateway', 'quests', 'social'].sort(),
    );
    for (const [name, pct] of Object.entries(result.rssGrowthPct)) expect(pct, name).toBeLessThanOrEqual(10);
    // Each process's heap in use is sampled beside its RSS (what tells a leak from a heap sizing itself).
    for (const [name, process] of Object.entries(result.samples.at(-1)?.processes ?? {})) {
      expect(process.heapUsedMB, name).toBeGreaterThan(0);
    }
  });

  it('reports each action of the mix apart: its own p99 in every sample and its drift', () => {
    const mix = ['dashboard', 'feed', 'like', 'me', 'progress', 'rankings', 'story', 'toggle'];
    expect(Object.keys(result.p99DriftByActionPct).sort()).toEqual(mix);
    for (const sample of result.samples) {
      const counted = Object.values(sample.byAction).reduce((sum, a) => sum + a.requests, 0);
      expect(counted).toBe(sample.requests);
    }
  });

  it("times the toggle's stages from each process's own histograms: gateway, quests, auth's wait", () => {
    expect(Object.keys(result.toggleStageGrowthPct).sort()).toEqual(['auth wait', 'gateway', 'quests']);
    const toggled = result.samples.filter((s) => (s.byAction.toggle?.requests ?? 0) > 0);
    expect(toggled.length).toBeGreaterThan(0);
    const median = (stage: string) => {
      const values = toggled.map((s) => s.toggleStagesMs[stage] ?? 0).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    for (const sample of toggled) {
      for (const stage of ['gateway', 'quests', 'auth wait']) {
        expect(sample.toggleStagesMs[stage], stage).toBeGreaterThan(0);
      }
    }
    // Each stage holds the next: the gateway's request spans quests' handler, which spans auth's wait.
    // (A sample's means may cut the interval's edge requests differently; their medians do not.)
    expect(median('quests')).toBeLessThan(median('gateway'));
    expect(median('auth wait')).toBeLessThan(median('quests'));
  });

  it("vacuums its database exactly when the server's autovacuum is off", async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
      expect(result.vacuumedByTheSoak).toBe(rows[0]?.autovacuum === 'off');
    } finally {
      await client.end();
    }
  });

  it('keeps the outbox backlog bounded: it never piles up', () => {
    expect(result.maxBacklog).toBeLessThanOrEqual(100);
    expect(result.samples.at(-1)?.backlog).toBeLessThanOrEqual(20);
  });
});
