import { existsSync, readFileSync } from 'node:fs';
import { describeWithInfra } from '@lifequest/platform/testing';
import pg from 'pg';
import { beforeAll, expect, inject, it, vi } from 'vitest';
import { percents, type SoakResult } from '../bench/lib/soak.ts';
import { SOAK_SECONDS, type SoakOutcome } from './support/soak-run.ts';

// The soak's short version (`npm run soak` is the 30-minute one): the distributed mode under a fixed
// load of reads, toggles, feed, likes, progress logs and stories, with the soak's limits asserted on
// counts and growth, never on durations. The run itself starts when `npm test` does
// (e2e/support/soak-run.ts, the `soak` project's global setup) and lasts three minutes beside the other
// suites; this file, run with the suites kept for the end, waits for its outcome.
await describeWithInfra('postgres', 'a short soak, distributed', (postgresUrl) => {
  let result: SoakResult;

  beforeAll(async () => {
    const files = inject('soakFiles');
    // A bound on the run (its boot, seeding and three minutes on busy cores), not a claim about speed.
    await vi.waitFor(() => expect(existsSync(files.outcome), 'the short soak has ended').toBe(true), {
      timeout: 600_000,
      interval: 1_000,
    });
    // The samples in the test's output: what grew, when one fails.
    process.stdout.write(readFileSync(files.log, 'utf8'));
    const outcome = JSON.parse(readFileSync(files.outcome, 'utf8')) as SoakOutcome;
    if ('error' in outcome) throw new Error(`the short soak could not run: ${outcome.error}`);
    result = outcome.result;
    process.stdout.write(`RSS growth after warm-up: ${percents(result.rssGrowthPct)}\n`);
  }, 660_000);

  it('answers every request: no 5xx, no connection without an answer', () => {
    expect(result.errorExamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.samples.reduce((sum, s) => sum + s.requests, 0)).toBeGreaterThan(SOAK_SECONDS * 10);
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
