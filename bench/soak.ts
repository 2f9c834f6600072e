// `npm run soak`: the distributed mode for SOAK_MINUTES (30) under a fixed load (SOAK_RATE requests per
// second, 200 heroes), a line a minute, then a chart (SVG) and the samples (JSON) in bench/results/.
// The limits: RSS growth ≤ 10% and p99 drift ≤ 20% after warm-up, zero errors, the backlog bounded.
// It holds /tmp/lq-heavy.lock (package.json) so it never runs beside the other heavy suites.
import { mkdirSync, writeFileSync } from 'node:fs';
import { percents, runSoak, soakChart } from './lib/soak.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
// Half of what the bench measured through the gateway on these two cores is about 1,000 req/s for a
// single read; with writes, stories and five processes on the same cores, 100 req/s is the default
// fraction that leaves the machine to the others sharing it. SOAK_RATE sets another.
const rate = Number(process.env.SOAK_RATE ?? 100);
const heroes = Number(process.env.SOAK_HEROES ?? 200);

const result = await runSoak({
  seconds: minutes * 60,
  warmupSeconds: Math.min(300, minutes * 10),
  sampleSeconds: 60,
  heroes,
  rate,
  onSample: (s) => {
    const rss = Object.entries(s.processes)
      .map(
        ([name, p]) =>
          `${name} ${p.rssMB.toFixed(0)}MB (heap ${p.heapUsedMB.toFixed(0)} of ${p.heapTotalMB.toFixed(0)}, young ${p.newSpaceMB.toFixed(0)})/${p.loopDelayMs.toFixed(1)}ms`,
      )
      .join(' ');
    const actions = Object.entries(s.byAction)
      .map(([name, a]) => `${name} ${a.p50Ms.toFixed(0)}/${a.p99Ms.toFixed(0)}`)
      .join(' ');
    const stages = Object.entries(s.toggleStagesMs)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    process.stdout.write(
      `${(s.at / 60).toFixed(1)} min${s.warm ? '' : ' (warm-up)'}: ${s.requests} req, p99 ${s.p99Ms.toFixed(1)} ms, errors ${s.errors}, 4xx ${s.refusals}, backlog ${s.backlog}; ${rss}\n  p50/p99 ms by action: ${actions}\n  toggle stages, mean ms: ${stages}\n`,
    );
  },
});

const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
const dir = new URL('./results/', import.meta.url);
mkdirSync(dir, { recursive: true });
const title = `soak ${minutes} min, ${rate} req/s, ${heroes} heroes, distributed`;
writeFileSync(new URL(`soak-${stamp}.svg`, dir), soakChart(result, title));
writeFileSync(new URL(`soak-${stamp}.json`, dir), `${JSON.stringify({ title, ...result }, null, 2)}\n`);
const growth = percents(result.rssGrowthPct);
const within =
  Object.values(result.rssGrowthPct).every((pct) => pct <= 10) &&
  result.p99DriftPct <= 20 &&
  result.errors === 0;
const drifts = percents(result.p99DriftByActionPct);
const stageGrowth = percents(result.toggleStageGrowthPct);
process.stdout.write(
  `${title}: RSS growth after warm-up ${growth}; p99 drift ${result.p99DriftPct.toFixed(1)}% (by action: ${drifts}; the toggle's stages' means: ${stageGrowth}); errors ${result.errors}; max backlog ${result.maxBacklog}; ${within ? 'within the limits' : 'OUTSIDE the limits'}\n`,
);
if (result.vacuumedByTheSoak) {
  process.stdout.write(
    "PostgreSQL's autovacuum is off on this server: the soak vacuumed its database every minute\n",
  );
}
for (const example of result.errorExamples) process.stdout.write(`  error: ${example}\n`);
const refused = Object.entries(result.refusedBy).sort((a, b) => b[1] - a[1]);
process.stdout.write(
  `refusals (4xx), by action, status and code: ${refused.map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none'}\n`,
);
process.exitCode = within ? 0 : 1;
