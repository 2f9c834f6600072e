import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { internalSecretOf, loadConfig, openPglite, runBackup, runRestore } from '@lifequest/platform';
import { expect, it } from 'vitest';
import { registry } from './registry.ts';
import { HeroClient, startLifeQuest } from './testing/index.ts';

// `npm run backup` / `npm run restore` (docs/features/data-ownership.md#backups): a snapshot of the
// running embedded database, taken while a hero keeps writing, restores to a database holding every
// write acknowledged before the snapshot, whose XP ledger agrees with its milestones.

const silent = { out: () => undefined, err: (line: string) => console.error(line) };
const configOf = (dataDir: string) =>
  loadConfig({ LIFEQUEST_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, [], registry.modules);

it('a backup under a stream of writes restores every acknowledged write, and the XP agrees', async () => {
  const app = await startLifeQuest();
  const backup = join(mkdtempSync(join(tmpdir(), 'lq-backup-')), 'snapshot.zip');
  const acknowledged: string[] = [];
  let writing = true;
  let snapshotStarted = 0;
  let heroCookie: string | undefined;
  try {
    const hero = new HeroClient(app.url);
    await hero.register('Archivist');
    heroCookie = hero.cookie;
    // The stream: quests, each with a milestone done (XP) — until told to stop.
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const goal = await hero.post('/api/goals', { title: `Quest ${i}`, milestones: [`Step ${i}`] });
        expect(goal.status).toBe(201);
        expect((await hero.post(`/api/milestones/${goal.body.milestones[0].id}/toggle`)).status).toBe(200);
        acknowledged.push(`Quest ${i}`);
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(3);
    snapshotStarted = acknowledged.length;
    const config = configOf(app.dataDir);
    const code = await runBackup([backup, '--url', app.url], config, internalSecretOf(config), silent);
    expect(code).toBe(0);
    const afterSnapshot = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(afterSnapshot);
    writing = false;
    await writer;
  } finally {
    await app.close();
  }

  // Restoring refuses a data dir in use by something else, unless forced.
  const target = mkdtempSync(join(tmpdir(), 'lq-restored-'));
  writeFileSync(join(target, 'notes.txt'), 'mine');
  expect(await runRestore([backup], configOf(target), silent)).toBe(73);
  expect(await runRestore([backup, '--force'], configOf(target), silent)).toBe(0);
  const fresh = mkdtempSync(join(tmpdir(), 'lq-restored-'));
  expect(await runRestore([backup], configOf(fresh), silent)).toBe(0);

  // Every write acknowledged before the snapshot began is there.
  const db = await openPglite(fresh);
  let expectedXp: number;
  try {
    const titles = (await db.query<{ title: string }>('select title from quests.goals')).map((r) => r.title);
    for (const title of acknowledged.slice(0, snapshotStarted)) expect(titles).toContain(title);
    const [milestones] = await db.query<{ xp: number }>(
      'select coalesce(sum(xp_awarded), 0)::int as xp from quests.milestones where is_completed',
    );
    expectedXp = milestones!.xp;
    expect(expectedXp).toBeGreaterThan(0);
  } finally {
    await db.close();
  }
  // The restored LifeQuest starts with the same secrets (the hero's session still holds), relays what
  // was still in its outboxes, and the hero's XP is what their completed milestones awarded.
  const restored = await startLifeQuest({ LIFEQUEST_DATA_DIR: fresh });
  try {
    const again = new HeroClient(restored.url);
    again.cookie = heroCookie;
    await expect
      .poll(async () => (await again.get('/api/auth/me')).body.totalXP, { timeout: 30_000 })
      .toBe(expectedXp);
  } finally {
    await restored.close();
  }
  // A bound, not a claim about speed: two boots, a snapshot under writes and three restores, while
  // `npm test` runs other files on the same two cores.
}, 120_000);
