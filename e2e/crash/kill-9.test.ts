import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeroClient, runToExit, startTarget, type TargetProcess } from '@lifequest/app/testing';
import { freePort } from '@lifequest/platform/testing';
import { afterAll, expect, it } from 'vitest';

// Embedded crash safety (docs/reliability.md): `npm start`'s target (`all`, embedded parts) on one data dir, a
// stream of writes (milestone toggles, new quests), and kill -9 in the middle of it, ten times. Every
// write the server acknowledged must be there after the restart, the XP ledger must agree with the
// completed milestones, and a second process on the same data dir is refused. Boot times are printed.

const ROUNDS = 10;
const TOGGLE_STREAMS = 3;

const dataDir = mkdtempSync(join(tmpdir(), 'lifequest-crash-'));
const env = { LIFEQUEST_DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '10000' };
let running: TargetProcess | undefined;

afterAll(async () => {
  await running?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot(): Promise<{ lq: TargetProcess; ms: number }> {
  const started = performance.now();
  const lq = await startTarget('all', env, { readyTimeoutMs: 120_000 });
  running = lq;
  return { lq, ms: Math.round(performance.now() - started) };
}

/** A hero's list read right after a restart: anything but 200 fails with what came back. */
async function listAfterRestart(hero: HeroClient, path: string): Promise<any[]> {
  const res = await hero.get(path);
  expect({ path, status: res.status, body: Array.isArray(res.body) ? 'a list' : res.body }).toEqual({
    path,
    status: 200,
    body: 'a list',
  });
  return res.body;
}

interface Tracked {
  /** The state the server last acknowledged. */
  completed: boolean;
  xp: number;
  /** A toggle was in flight when the process died: either state is right. */
  unsure: boolean;
}

it(`kill -9 during a stream of writes, ${ROUNDS} times: every acknowledged write is there after restart`, async () => {
  const boots: number[] = [];
  let { lq, ms } = await boot();
  boots.push(ms);

  const second = await runToExit(['--target', 'all'], {
    ...env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
  });
  expect(second.code).not.toBe(0);
  expect(second.output).toContain('is in use by another LifeQuest process');

  let hero = new HeroClient(lq.url, 'bearer');
  await hero.register('Crash Test');
  const session = hero.sessionId!;
  const milestones = new Map<string, Tracked>();
  for (let i = 0; i < 4; i++) {
    const goal = await hero.post('/api/goals', { title: `Steady quest ${i}` });
    for (const m of goal.body.milestones)
      milestones.set(m.id, { completed: false, xp: m.xp_reward, unsure: false });
  }
  const ids = [...milestones.keys()];
  const ackedQuests = new Set<string>();
  const unsureQuests = new Set<string>();
  const counts = { toggles: 0, quests: 0, inFlightAtKill: 0, lost: 0, xpMismatches: 0 };

  for (let round = 1; round <= ROUNDS; round++) {
    let killed = false;
    const toggler = async (stream: number) => {
      const mine = ids.filter((_, i) => i % TOGGLE_STREAMS === stream);
      for (let n = 0; !killed; n++) {
        const id = mine[n % mine.length]!;
        const tracked = milestones.get(id)!;
        try {
          const res = await hero.post(`/api/milestones/${id}/toggle`);
          if (res.status !== 200) throw new Error(`toggle answered ${res.status}`);
          Object.assign(tracked, { completed: res.body.milestone.is_completed, unsure: false });
          counts.toggles++;
        } catch (error) {
          if (!killed) throw error;
          tracked.unsure = true;
          counts.inFlightAtKill++;
        }
      }
    };
    const creator = async () => {
      for (let n = 0; !killed; n++) {
        const title = `Round ${round} quest ${n}`;
        try {
          const res = await hero.post('/api/goals', { title });
          if (res.status !== 201) throw new Error(`POST /api/goals answered ${res.status}`);
          ackedQuests.add(title);
          counts.quests++;
        } catch (error) {
          if (!killed) throw error;
          unsureQuests.add(title);
          counts.inFlightAtKill++;
        }
      }
    };
    const streams = [...Array.from({ length: TOGGLE_STREAMS }, (_, s) => toggler(s)), creator()];
    // Later rounds run longer, so the kill lands at different points of the work.
    await new Promise((resolve) => setTimeout(resolve, 300 + round * 150));
    killed = true;
    await lq.stop('SIGKILL');
    await Promise.all(streams);

    ({ lq, ms } = await boot());
    boots.push(ms);
    hero = new HeroClient(lq.url, 'bearer');
    hero.sessionId = session;

    const titles = new Set<string>(
      (await listAfterRestart(hero, '/api/goals')).map((g: { title: string }) => g.title),
    );
    for (const title of ackedQuests) if (!titles.has(title)) counts.lost++;
    for (const title of unsureQuests) if (titles.has(title)) ackedQuests.add(title);
    unsureQuests.clear();

    const now = new Map<string, { is_completed: boolean }>(
      (await listAfterRestart(hero, '/api/milestones')).map((m: { id: string; is_completed: boolean }) => [
        m.id,
        m,
      ]),
    );
    for (const [id, tracked] of milestones) {
      const actual = now.get(id)?.is_completed;
      if (actual === undefined) counts.lost++;
      else if (tracked.unsure) Object.assign(tracked, { completed: actual, unsure: false });
      else if (actual !== tracked.completed) counts.lost++;
    }

    // XP is a ledger fed by events: whatever the crash interrupted is relayed again, and counted once.
    const expectedXp = [...milestones.values()].filter((m) => m.completed).reduce((sum, m) => sum + m.xp, 0);
    let totalXp = -1;
    for (let waited = 0; waited < 30_000 && totalXp !== expectedXp; waited += 250) {
      totalXp = (await hero.get('/api/auth/me')).body.totalXP;
      if (totalXp !== expectedXp) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (totalXp !== expectedXp) counts.xpMismatches++;
  }
  await lq.stop('SIGTERM');
  running = undefined;

  const sorted = [...boots].sort((a, b) => a - b);
  console.warn(
    [
      `crash run: ${ROUNDS} kill -9 mid-stream on one data dir`,
      `  acknowledged writes ${counts.toggles + counts.quests} (toggles ${counts.toggles}, new quests ${counts.quests}), lost ${counts.lost}`,
      `  in flight at a kill (outcome unknown, either accepted) ${counts.inFlightAtKill}, XP mismatches ${counts.xpMismatches}`,
      `  second process on the data dir: refused (exit ${second.code})`,
      `  boot to ready (ms): ${boots.join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`,
    ].join('\n'),
  );
  expect(counts.toggles).toBeGreaterThan(0);
  expect(counts.quests).toBeGreaterThan(0);
  expect({ lost: counts.lost, xpMismatches: counts.xpMismatches }).toEqual({ lost: 0, xpMismatches: 0 });
}, 900_000);
