import { LifeQuestArchive } from '@lifequest/proto';
import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import {
  exportOf,
  HeroClient,
  heroOfEveryFeature,
  newFriend,
  startLifeQuest,
  withSession,
} from './testing/index.ts';

// POST /api/export (docs/features/data-ownership.md#export): a job gathers every service's rows about the
// hero into one ZIP; only its owner can read its status or download it.

it('a hero who used every feature exports everything: a ZIP with lifequest.json and CSVs, theirs alone', async () => {
  const app = await startLifeQuest();
  try {
    const friend = await newFriend(app.url);
    const { hero, traces } = await heroOfEveryFeature(app.url, friend);
    const zip = await exportOf(app.url, hero);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'lifequest.json',
      'milestones.csv',
      'progress.csv',
      'quests.csv',
      'xp.csv',
    ]);
    const archive = LifeQuestArchive.parse(JSON.parse(strFromU8(files['lifequest.json']!)));
    expect(archive.hero).toMatchObject({ id: traces.id, email: traces.email });
    const saved = archive.quests.find((q) => q.title === 'Save $1,000');
    expect(saved?.milestones.map((m) => m.title)).toEqual(['Save $500', 'Save $1,000']);
    expect(saved?.progress.length).toBeGreaterThan(0);
    // Every service's part: the ledger, the feed, conversations, never a password's hash.
    expect(archive.services.auth?.xp_ledger?.length ?? 0).toBeGreaterThan(0);
    expect(archive.services.social?.activities?.length ?? 0).toBeGreaterThan(0);
    expect(archive.services.social?.friendships?.length ?? 0).toBeGreaterThan(0);
    expect(archive.services.ai?.conversations?.length ?? 0).toBeGreaterThan(0);
    expect(strFromU8(files['lifequest.json']!)).not.toContain('password');
    expect(strFromU8(files['quests.csv']!)).toContain('Save $1');
    expect(strFromU8(files['milestones.csv']!)).toContain('Save $500');
    expect(strFromU8(files['xp.csv']!).split('\r\n')[0]).toBe('at,amount,reason,quest_title,milestone_title');

    // Another hero sees neither the job nor its file.
    const started = await hero.post<{ job_id: string }>('/api/export');
    const other = friend.client;
    for (const path of [
      `/api/export/${started.body.job_id}`,
      `/api/export/${started.body.job_id}/download`,
    ]) {
      const res = await other.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'TRANSFER_NOT_FOUND' });
    }
    expect((await withSession(app.url, other, `/api/export/${started.body.job_id}/download`)).status).toBe(
      404,
    );
    expect((await new HeroClient(app.url).post('/api/export')).status).toBe(401);
  } finally {
    await app.close();
  }
});
