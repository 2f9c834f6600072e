import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';

export type Unit = 'req/s' | 'ms' | 'MB' | 's' | 'kB' | 'score' | '×';

/** One line of the table: LifeQuest's figure, its peer's in the same run, their ratio and the goal. */
export interface Figure {
  suite: string;
  name: string;
  unit: Unit;
  lifequest: number | null;
  /** What the peer is (the reference handler, nginx, the direct call, the broker...). */
  peerName?: string;
  peer?: number | null;
  /** LifeQuest / peer, or the figure's own ratio (added latency vs added latency). */
  ratio?: number | null;
  goal: string;
  /** null when the figure has no goal or could not be measured. */
  met: boolean | null;
  note?: string;
}

/** A figure that could not be measured in this run, with the reason instead of a number. */
export function notAvailable(suite: string, name: string, goal: string, note: string): Figure {
  return { suite, name, unit: 'ms', lifequest: null, goal, met: null, note };
}

export function ratioOf(a: number | null | undefined, b: number | null | undefined): number | null {
  return a == null || b == null || b === 0 || !Number.isFinite(a) || !Number.isFinite(b) ? null : a / b;
}

export function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    memoryMB: Math.round(totalmem() / 2 ** 20),
    freeMemoryMB: Math.round(freemem() / 2 ** 20),
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
    os: `${process.platform} ${release()}`,
  };
}

const fmt = (value: number | null | undefined, unit: Unit) => {
  if (value == null || Number.isNaN(value)) return '—';
  const digits = unit === 'ms' && value < 10 ? 2 : unit === 's' || unit === '×' ? 2 : 0;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return `${text} ${unit}`;
};

/** The table of the run, in Markdown so bench/RESULTS.md can carry it as printed. */
export function table(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    f.lifequest == null ? (f.note ? 'not available' : '—') : fmt(f.lifequest, f.unit),
    f.peer == null ? '—' : `${fmt(f.peer, f.unit)}${f.peerName ? ` (${f.peerName})` : ''}`,
    f.ratio == null ? '—' : `${f.ratio.toFixed(2)}×`,
    f.goal,
    f.met == null ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const header = ['figure', 'LifeQuest', 'peer', 'ratio', 'goal', ''];
  const lines = [header, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  lines.splice(1, 0, `|${header.map(() => '---').join('|')}|`);
  const notes = figures
    .filter((f) => f.note)
    .map((f) => `- ${f.name}: ${f.note}`)
    .join('\n');
  return notes ? `${lines.join('\n')}\n\n${notes}` : lines.join('\n');
}

/** Writes the run to bench/results/<name>.json: `all.json` for a whole run, else the suite's name. */
export function writeResults(run: {
  name: string;
  /** The machine as described when the run started. */
  host: ReturnType<typeof machine>;
  startedAt: Date;
  seconds: number;
  suites: string[];
  figures: Figure[];
  context: Record<string, unknown>;
}): string {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const body = `${JSON.stringify(
    {
      startedAt: run.startedAt.toISOString(),
      seconds: Math.round(run.seconds),
      machine: run.host,
      suites: run.suites,
      figures: run.figures,
      context: run.context,
    },
    null,
    2,
  )}\n`;
  const file = new URL(`${run.name}.json`, dir);
  writeFileSync(file, body);
  return file.pathname;
}
