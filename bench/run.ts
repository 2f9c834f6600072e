/**
 * npm run bench [-- <suite>...]: LifeQuest's hot paths, each beside a peer doing the same work in the
 * same run, so the ratios mean something on a shared, noisy machine. Prints one table and writes
 * bench/results/<all|suite>.json with the machine's description. Suites: embedded, distributed, web
 * (all of them when none is named).
 */

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, type DebianNeed, ensureDebianPackages, NGINX } from './lib/debian.ts';
import { type Figure, machine, table, writeResults } from './lib/report.ts';
import { distributedSuite } from './suites/distributed.ts';
import { embeddedSuite } from './suites/embedded.ts';
import { webSuite } from './suites/web.ts';

const SUITES: Record<string, (context: Record<string, unknown>) => Promise<Figure[]>> = {
  embedded: embeddedSuite,
  distributed: distributedSuite,
  web: webSuite,
};

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}. Suites: ${Object.keys(SUITES).join(', ')}.`);
  process.exit(64);
}
const names = asked.length > 0 ? asked : Object.keys(SUITES);
// What `npm start` makes sure of on a fresh clone (dependencies, Prisma clients, the web build), once.
execFileSync(
  process.execPath,
  [fileURLToPath(new URL('../scripts/bootstrap.mjs', import.meta.url)), 'build'],
  {
    stdio: 'inherit',
  },
);
// nginx is the gateway's peer (distributed); Chromium runs Lighthouse (web).
const debianNeeds: Record<string, DebianNeed[]> = { distributed: [NGINX], web: [CHROMIUM] };
ensureDebianPackages(
  names.flatMap((name) => debianNeeds[name] ?? []),
  (line) => process.stdout.write(`${line}\n`),
);
const startedAt = new Date();
const context: Record<string, unknown> = {};
const figures: Figure[] = [];
const failed: string[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);
const host = machine();
log(
  `LifeQuest bench on ${host.cpus}× ${host.cpuModel}, ${host.memoryMB} MB, Node ${host.node}, load ${host.loadAverageAtStart.join(' ')}`,
);

for (const name of names) {
  const suiteStart = performance.now();
  log(`\n▶ ${name}`);
  try {
    const result = await SUITES[name]!(context);
    figures.push(...result);
    for (const figure of result)
      log(
        `  ${figure.name}: ${figure.lifequest == null ? 'n/a' : figure.lifequest.toFixed(2)} ${figure.unit}`,
      );
  } catch (error) {
    failed.push(name);
    console.error(
      `  ✗ ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    figures.push({
      suite: name,
      name: `${name} suite`,
      unit: 'ms',
      lifequest: null,
      goal: '',
      met: null,
      note: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
  }
  log(`  (${((performance.now() - suiteStart) / 1000).toFixed(0)} s)`);
}

const seconds = (Date.now() - startedAt.getTime()) / 1000;
const file = writeResults({
  host,
  name: asked.length > 0 ? names.join('-') : 'all',
  startedAt,
  seconds,
  suites: names,
  figures,
  context,
});
log(`\n${table(figures)}\n`);
log(`${seconds.toFixed(0)} s; written to ${file}`);
process.exit(failed.length > 0 ? 1 : 0);
