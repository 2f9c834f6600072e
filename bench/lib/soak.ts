// The soak: the distributed mode under a steady, fixed load for a long time, sampled at intervals, so
// that anything growing (memory, event-loop delay, the tail, the outbox) shows. `npm run soak` runs it
// for SOAK_MINUTES (30); e2e/soak.test.ts runs a short one with the same limits as assertions.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startDistributed } from './distributed.ts';
import { call, percentiles } from './load.ts';
import { type SeededHero, seedThroughApi } from './seed.ts';

export interface SoakOptions {
  /** Total length, warm-up included. */
  seconds: number;
  warmupSeconds: number;
  sampleSeconds: number;
  heroes: number;
  /** Requests started per second, all heroes together (a fixed load, not as fast as possible). */
  rate: number;
  /**
   * Node's flags for every process, when set. The short soak pins V8's young generation with them: V8
   * doubles a busy process's semi-spaces (16 → 32 → 64 MB each) and halves them again when few objects
   * survive, each at a moment that depends on the load, and the RSS follows by tens of MB within a
   * minute, a swing that is sizing, not a leak, and that a three-minute run cannot wait out
   * (docs/features/scale.md#soak). Flags, not NODE_OPTIONS: Node refuses the minimum's flag there.
   */
  nodeFlags?: readonly string[];
  /** Called with each sample as it is taken (the CLI prints a line). */
  onSample?: (sample: SoakSample) => void;
  /** Ends the load early (the run it belongs to was stopped); the processes are closed as usual. */
  signal?: AbortSignal;
}

export interface SoakSample {
  /** Seconds since the load started. */
  at: number;
  warm: boolean;
  /** Per process: resident memory (MB) and event-loop delay p99 (ms) from its own /metrics. */
  processes: Record<
    string,
    {
      rssMB: number;
      heapUsedMB: number;
      /** V8's heap as committed (what of it counts in the RSS), and of it the young generation's. */
      heapTotalMB: number;
      newSpaceMB: number;
      /** Memory V8 knows of outside its heap: Buffers, WebAssembly memories (undici's parser, PGlite). */
      externalMB: number;
      loopDelayMs: number;
    }
  >;
  /** Requests of this interval: count, p99 (ms), errors (5xx or no answer), refusals (4xx). */
  requests: number;
  p99Ms: number;
  /** The same interval per action of the mix (dashboard, toggle, story…): which of them makes the tail. */
  byAction: Record<string, { requests: number; p50Ms: number; p99Ms: number }>;
  errors: number;
  refusals: number;
  /** Outbox rows not yet confirmed by the broker, all services together. */
  backlog: number;
  /**
   * The toggle's stages as the processes themselves timed them in this interval (their request-duration
   * histograms: the sum's and count's growth since the last sample), mean ms: the gateway's whole
   * request, quests' handler (its transaction and the wait below), auth's wait for its ledger to hold the
   * toggle's events and its read of the totals. Which of them grows when the toggle slows.
   */
  toggleStagesMs: Record<string, number>;
}

export interface SoakResult {
  samples: SoakSample[];
  /** Per process: RSS growth after warm-up, in % (`growthPct`: last third's median against the first's). */
  rssGrowthPct: Record<string, number>;
  /** p99's drift after warm-up, in % (`growthPct`, as for RSS). */
  p99DriftPct: number;
  /** Per action of the mix: its p99's drift after warm-up, in % (which request slows as the data grows). */
  p99DriftByActionPct: Record<string, number>;
  /** Per stage of the toggle (`toggleStagesMs`): its mean's growth after warm-up, in %. */
  toggleStageGrowthPct: Record<string, number>;
  errors: number;
  maxBacklog: number;
  /** The first few errors, for a failing run to say what they were. */
  errorExamples: string[];
  /** The refusals (4xx) of the whole run by action, status and code: which of the hero's asks the rules refused. */
  refusedBy: Record<string, number>;
  /** Whether the soak vacuumed its database itself, the server's autovacuum being off (`vacuumEveryMinute`). */
  vacuumedByTheSoak: boolean;
}

/**
 * PostgreSQL's autovacuum, stood in for when the server has it off (these machines' PostgreSQL does, in
 * its CI configuration): a `VACUUM (ANALYZE)` of the run's own database every minute, autovacuum's default
 * nap. Without it every row a toggle updates leaves a dead version that nothing reclaims, and the soak
 * would measure the server's configuration instead of LifeQuest. A production PostgreSQL keeps
 * autovacuum on, PostgreSQL's default (docs/operations.md). Returns null when autovacuum is on.
 */
async function vacuumEveryMinute(databaseUrl: string): Promise<(() => Promise<void>) | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection fails the rounds after it (reported there), not the soak.
  client.on('error', () => {});
  await client.connect();
  const [setting] = (await client.query<{ autovacuum: string }>('show autovacuum')).rows;
  if (setting?.autovacuum !== 'off') {
    await client.end();
    return null;
  }
  let running = Promise.resolve();
  const timer = setInterval(() => {
    // A failed round (the server restarting, say) is reported and the next minute tries again.
    running = running.then(() =>
      client.query('vacuum (analyze)').then(
        () => undefined,
        (error: unknown) => {
          process.stderr.write(`soak: could not vacuum its database: ${String(error)}\n`);
        },
      ),
    );
  }, 60_000);
  return async () => {
    clearInterval(timer);
    await running.catch(() => {});
    await client.end();
  };
}

type Action = (hero: SoakHero) => Promise<{ status: number; body: string }>;

interface SoakHero extends SeededHero {
  goalIds: string[];
  feed: string[];
}

/** The mix (weights): mostly reads, as the screens poll, then toggles, likes, progress and stories. */
function actions(gw: string): [number, string, Action][] {
  const get = (path: string) => (hero: SoakHero) => call(`${gw}${path}`, { headers: hero.headers });
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  return [
    [30, 'dashboard', get('/api/dashboard')],
    [15, 'me', get('/api/auth/me')],
    [10, 'rankings', get('/api/leaderboard?type=total_xp')],
    [
      15,
      'feed',
      async (hero) => {
        const reply = await call(`${gw}/api/social/feed`, { headers: hero.headers });
        if (reply.status === 200) {
          const items = JSON.parse(reply.body) as { id: string; user?: { id: string } }[];
          hero.feed = items.filter((a) => a.user?.id !== hero.userId).map((a) => a.id);
        }
        return reply;
      },
    ],
    [
      12,
      'toggle',
      (hero) =>
        call(`${gw}/api/milestones/${pick(hero.milestoneIds)}/toggle`, {
          method: 'POST',
          headers: hero.headers,
        }),
    ],
    [
      8,
      'like',
      async (hero) => {
        const activity = pick(hero.feed);
        if (!activity) return call(`${gw}/api/social/feed`, { headers: hero.headers });
        return call(`${gw}/api/social/activities/${activity}/like`, {
          method: 'POST',
          headers: hero.headers,
        });
      },
    ],
    [
      8,
      'progress',
      (hero) =>
        call(`${gw}/api/progress`, {
          method: 'POST',
          headers: hero.headers,
          body: { goalId: pick(hero.goalIds), value: Math.floor(Math.random() * 10), note: 'soak' },
        }),
    ],
    [
      2,
      'story',
      (hero) => call(`${gw}/api/narrative/generate`, { method: 'POST', headers: hero.headers, body: {} }),
    ],
  ];
}

/** The toggle's stages: which process's histogram, and the series' labels as that process writes them. */
const TOGGLE_STAGES: readonly (readonly [stage: string, target: string, labels: string])[] = [
  ['gateway', 'gateway', 'service="gateway",method="POST",route="/api/milestones/*"'],
  ['quests', 'quests', 'service="quests",method="POST",route="/api/milestones/:id/toggle"'],
  ['auth wait', 'auth', 'service="auth",method="GET",route="/internal/auth/xp/:userId"'],
];

/** A histogram series' sum and count (prom-client's text), by its exact labels. */
function histogramTotals(text: string, name: string, labels: string): { sum: number; count: number } {
  return { sum: metric(text, `${name}_sum{${labels}}`), count: metric(text, `${name}_count{${labels}}`) };
}

/** prom-client's text: the value of one series (the first matching line). */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name) && !l.startsWith('#'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

function metricSum(text: string, name: string): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const metricsToken = randomBytes(16).toString('hex');
  const lq = await startDistributed({ METRICS_TOKEN: metricsToken }, options.nodeFlags);
  let stopVacuum: (() => Promise<void>) | null = null;
  try {
    stopVacuum = await vacuumEveryMinute(lq.infra.databaseUrl);
    const gw = lq.gateway.url;
    const data = await seedThroughApi(gw, {
      heroes: options.heroes,
      questsPerHero: 3,
      milestonesPerQuest: 3,
      parallel: 4,
    });
    const heroes: SoakHero[] = [];
    for (const hero of data.heroes) {
      const goals = JSON.parse((await call(`${gw}/api/goals`, { headers: hero.headers })).body) as {
        id: string;
      }[];
      heroes.push({ ...hero, goalIds: goals.map((g) => g.id), feed: [] });
    }
    const mix = actions(gw);
    const totalWeight = mix.reduce((sum, [w]) => sum + w, 0);
    const chooseAction = () => {
      let r = Math.random() * totalWeight;
      for (const [w, name, fn] of mix) {
        r -= w;
        if (r <= 0) return [name, fn] as const;
      }
      return [mix[0]![1], mix[0]![2]] as const;
    };

    let durations: number[] = [];
    let durationsByAction = new Map<string, number[]>();
    let errors = 0;
    let refusals = 0;
    const refusedBy: Record<string, number> = {};
    const errorExamples: string[] = [];
    const inFlight = new Set<Promise<void>>();
    const one = async () => {
      const hero = heroes[Math.floor(Math.random() * heroes.length)]!;
      const [name, fn] = chooseAction();
      const start = performance.now();
      try {
        const reply = await fn(hero);
        const took = performance.now() - start;
        durations.push(took);
        const own = durationsByAction.get(name);
        if (own) own.push(took);
        else durationsByAction.set(name, [took]);
        if (reply.status >= 500) {
          errors++;
          if (errorExamples.length < 5)
            errorExamples.push(`${name}: ${reply.status} ${reply.body.slice(0, 200)}`);
        } else if (reply.status >= 400) {
          refusals++;
          const code = /"code":"([A-Z_]+)"/.exec(reply.body)?.[1] ?? '';
          const kind = `${name} ${reply.status} ${code}`.trim();
          refusedBy[kind] = (refusedBy[kind] ?? 0) + 1;
        }
      } catch (error) {
        errors++;
        if (errorExamples.length < 5) errorExamples.push(`${name}: ${String(error)}`);
      }
    };

    const samples: SoakSample[] = [];
    const stageTotals = new Map<string, { sum: number; count: number }>();
    const started = performance.now();
    const sampleNow = async () => {
      const at = (performance.now() - started) / 1000;
      const processes: SoakSample['processes'] = {};
      let backlog = 0;
      const toggleStagesMs: Record<string, number> = {};
      for (const [name, target] of lq.targets) {
        const reply = await call(`${target.url}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        });
        for (const [stage, owner, labels] of TOGGLE_STAGES) {
          if (owner !== name) continue;
          const now = histogramTotals(reply.body, 'lifequest_http_request_duration_seconds', labels);
          const before = stageTotals.get(stage) ?? { sum: 0, count: 0 };
          stageTotals.set(stage, now);
          const count = now.count - before.count;
          if (count > 0) toggleStagesMs[stage] = ((now.sum - before.sum) / count) * 1000;
        }
        processes[name] = {
          rssMB: target.rssMB(),
          // V8's heap in use (prom-client's gauge, as of the last scrape): beside the RSS it tells a heap
          // that keeps what it allocates (a leak) from one sized once to its working set.
          heapUsedMB: metric(reply.body, 'nodejs_heap_size_used_bytes') / 1e6,
          heapTotalMB: metric(reply.body, 'nodejs_heap_size_total_bytes') / 1e6,
          newSpaceMB: metric(reply.body, 'nodejs_heap_space_size_total_bytes{space="new"}') / 1e6,
          externalMB: metric(reply.body, 'nodejs_external_memory_bytes') / 1e6,
          loopDelayMs: metric(reply.body, 'nodejs_eventloop_lag_p99_seconds') * 1000,
        };
        backlog += metricSum(reply.body, 'lifequest_outbox_backlog');
      }
      const interval = percentiles(durations);
      const byAction: SoakSample['byAction'] = {};
      for (const [name, own] of [...durationsByAction].sort(([a], [b]) => a.localeCompare(b))) {
        const { p50, p99, count } = percentiles(own);
        byAction[name] = { requests: count, p50Ms: p50, p99Ms: p99 };
      }
      const sample: SoakSample = {
        at,
        warm: at > options.warmupSeconds,
        processes,
        requests: durations.length,
        p99Ms: interval.p99,
        byAction,
        errors,
        refusals,
        backlog,
        toggleStagesMs,
      };
      durations = [];
      durationsByAction = new Map();
      errors = 0;
      refusals = 0;
      samples.push(sample);
      options.onSample?.(sample);
    };

    // A fixed rate: one request every 1/rate s, whatever the answers' time (open loop, as users are).
    const end = started + options.seconds * 1000;
    let nextSample = started + options.sampleSeconds * 1000;
    let sent = 0;
    while (performance.now() < end && !options.signal?.aborted) {
      const due = started + (sent / options.rate) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 50)));
      while (started + (sent / options.rate) * 1000 <= performance.now()) {
        const p = one().finally(() => inFlight.delete(p));
        inFlight.add(p);
        sent++;
      }
      if (performance.now() >= nextSample) {
        nextSample += options.sampleSeconds * 1000;
        await sampleNow();
      }
    }
    await Promise.all(inFlight);
    const totalErrors = samples.reduce((sum, s) => sum + s.errors, 0) + errors;

    const warm = samples.filter((s) => s.warm);
    const measured = warm.length > 0 ? warm : samples;
    const rssGrowthPct: Record<string, number> = {};
    for (const name of Object.keys(measured[0]!.processes)) {
      rssGrowthPct[name] = growthPct(measured.map((s) => s.processes[name]?.rssMB ?? 0));
    }
    const p99DriftByActionPct: Record<string, number> = {};
    for (const name of mix.map(([, n]) => n).sort()) {
      const own = measured.flatMap((s) => (s.byAction[name] ? [s.byAction[name].p99Ms] : []));
      if (own.length > 0) p99DriftByActionPct[name] = growthPct(own);
    }
    const toggleStageGrowthPct: Record<string, number> = {};
    for (const [stage] of TOGGLE_STAGES) {
      const own = measured.flatMap((s) =>
        s.toggleStagesMs[stage] === undefined ? [] : [s.toggleStagesMs[stage]],
      );
      if (own.length > 0) toggleStageGrowthPct[stage] = growthPct(own);
    }
    return {
      samples,
      rssGrowthPct,
      toggleStageGrowthPct,
      p99DriftPct: growthPct(measured.map((s) => s.p99Ms)),
      p99DriftByActionPct,
      errors: totalErrors,
      maxBacklog: Math.max(0, ...samples.map((s) => s.backlog)),
      errorExamples,
      refusedBy,
      vacuumedByTheSoak: stopVacuum !== null,
    };
  } finally {
    await stopVacuum?.();
    await lq.close();
  }
}

/**
 * How much a measure grew after warm-up, in %: the median of the last third of the samples against the
 * median of the first third. A leak climbs steadily and shows in full; a spike while something else
 * loaded the machine (a request queue held in memory for a minute, then freed) is not growth, and a
 * single sample's max or last value would count it as such.
 */
export function growthPct(values: readonly number[]): number {
  const third = Math.max(1, Math.floor(values.length / 3));
  const median = (part: readonly number[]) => {
    const sorted = [...part].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const base = median(values.slice(0, third));
  return base === 0 ? 0 : ((median(values.slice(-third)) - base) / base) * 100;
}

/** A growth per name as a line's part: `auth 1.2%, gateway -3.4%`. */
export function percents(byName: Record<string, number>): string {
  return Object.entries(byName)
    .map(([name, pct]) => `${name} ${pct.toFixed(1)}%`)
    .join(', ');
}

/** One chart per measure (RSS, event-loop delay, p99, backlog) over time, one line per process. */
export function soakChart(result: SoakResult, title: string): string {
  const W = 640;
  const H = 180;
  const PAD = 40;
  const names = Object.keys(result.samples[0]?.processes ?? {});
  const colours = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
  const panels: [string, { name: string; values: number[] }[]][] = [
    [
      'RSS (MB)',
      names.map((n) => ({ name: n, values: result.samples.map((s) => s.processes[n]?.rssMB ?? 0) })),
    ],
    [
      'V8 heap used (MB)',
      names.map((n) => ({ name: n, values: result.samples.map((s) => s.processes[n]?.heapUsedMB ?? 0) })),
    ],
    [
      'event-loop delay p99 (ms)',
      names.map((n) => ({ name: n, values: result.samples.map((s) => s.processes[n]?.loopDelayMs ?? 0) })),
    ],
    ['request p99 (ms)', [{ name: 'all requests', values: result.samples.map((s) => s.p99Ms) }]],
    [
      'request p99 by action (ms)',
      Object.keys(result.p99DriftByActionPct).map((n) => ({
        name: n,
        values: result.samples.map((s) => s.byAction[n]?.p99Ms ?? 0),
      })),
    ],
    [
      'toggle stages, mean (ms)',
      Object.keys(result.toggleStageGrowthPct).map((n) => ({
        name: n,
        values: result.samples.map((s) => s.toggleStagesMs[n] ?? 0),
      })),
    ],
    ['outbox backlog (rows)', [{ name: 'all services', values: result.samples.map((s) => s.backlog) }]],
  ];
  const times = result.samples.map((s) => s.at);
  const tMax = Math.max(1, ...times);
  const parts: string[] = [];
  panels.forEach(([label, series], p) => {
    const top = 30 + p * (H + 30);
    const vMax = Math.max(1, ...series.flatMap((s) => s.values)) * 1.1;
    parts.push(`<text x="${PAD}" y="${top - 6}" font-size="13">${label}, 0–${vMax.toFixed(1)}</text>`);
    parts.push(`<rect x="${PAD}" y="${top}" width="${W}" height="${H}" fill="none" stroke="#999"/>`);
    series.forEach((s, i) => {
      const points = s.values
        .map(
          (v, k) => `${(PAD + (times[k]! / tMax) * W).toFixed(1)},${(top + H - (v / vMax) * H).toFixed(1)}`,
        )
        .join(' ');
      const colour = colours[i % colours.length];
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points}"/>`);
      parts.push(
        `<text x="${PAD + W + 8}" y="${top + 14 + i * 14}" font-size="11" fill="${colour}">${s.name}</text>`,
      );
    });
  });
  const height = 30 + panels.length * (H + 30) + 20;
  parts.push(`<text x="${PAD}" y="${height - 6}" font-size="11">time: 0–${tMax.toFixed(0)} s</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W + PAD + 140}" height="${height}" font-family="sans-serif">
<title>${title}</title>
${parts.join('\n')}
</svg>
`;
}
