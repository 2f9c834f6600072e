import { readFileSync } from 'node:fs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ITEMS, LifeQuestArchive } from '@lifequest/proto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportOf,
  HeroClient,
  heroOfEveryFeature,
  importAndWait,
  newFriend,
  startLifeQuest,
  type TestLifeQuest,
  uploadImport,
} from './testing/index.ts';

// POST /api/import (docs/features/data-ownership.md#import): a LifeQuest export or Habitica's user data
// becomes quests, milestones and progress; imported history earns no XP, makes no feed activity and no
// streak day; the same file twice adds nothing; a refused file writes nothing.

const HABITICA = readFileSync(
  new URL('../../services/quests/src/transfers/fixtures/habitica-user-data.json', import.meta.url),
  'utf8',
);

let app: TestLifeQuest;
beforeAll(async () => {
  app = await startLifeQuest();
}, 60_000);
afterAll(() => app?.close());

interface QuestView {
  title: string;
  deadline: string | null;
  is_completed: boolean;
  milestones: [string, boolean, string | null][];
  progress: [number, string | null][];
}

/** What a hero reads back of their quests, without ids. */
async function questsOf(hero: HeroClient): Promise<QuestView[]> {
  const goals = (await hero.get('/api/goals')).body as {
    id: string;
    title: string;
    deadline: string | null;
    is_completed: boolean;
  }[];
  const milestones = (await hero.get('/api/milestones')).body as {
    goal_id: string;
    title: string;
    is_completed: boolean;
    due_date: string | null;
  }[];
  const views: QuestView[] = [];
  for (const g of goals) {
    const detail = (await hero.get(`/api/goals/${g.id}`)).body as {
      progress: { value: number; note: string | null }[];
    };
    views.push({
      title: g.title,
      deadline: g.deadline,
      is_completed: g.is_completed,
      milestones: milestones
        .filter((m) => m.goal_id === g.id)
        .map((m) => [m.title, m.is_completed, m.due_date]),
      progress: detail.progress.map((p) => [p.value, p.note] as [number, string | null]).sort(),
    });
  }
  return views.sort((a, b) => a.title.localeCompare(b.title));
}

async function noRewards(hero: HeroClient): Promise<void> {
  expect((await hero.get('/api/xp/history')).body.items).toEqual([]);
  expect((await hero.get('/api/auth/me')).body.totalXP).toBe(0);
  const me = (await hero.get('/api/auth/me')).body.id as string;
  const feed = (await hero.get('/api/social/feed')).body as { user: { id?: string; name: string } }[];
  expect(feed.filter((a) => a.user.id === me)).toEqual([]);
}

describe('import', () => {
  it('round trip: a hero of every feature exports, a new hero imports the same quests with no XP', async () => {
    const friend = await newFriend(app.url);
    const { hero } = await heroOfEveryFeature(app.url, friend);
    const zip = await exportOf(app.url, hero);
    const archive = LifeQuestArchive.parse(JSON.parse(strFromU8(unzipSync(zip)['lifequest.json']!)));

    const newcomer = new HeroClient(app.url);
    await newcomer.register('Newcomer');
    const result = await importAndWait(app.url, newcomer, zip, 'lifequest-export.zip');
    expect(result.created).toEqual({
      quests: archive.quests.length,
      milestones: archive.quests.reduce((n, q) => n + q.milestones.length, 0),
      progress: archive.quests.reduce((n, q) => n + q.progress.length, 0),
    });
    expect(result.skipped).toEqual([]);
    expect(await questsOf(newcomer)).toEqual(await questsOf(hero));
    await noRewards(newcomer);

    // The same file again (its lifequest.json alone, this time) creates nothing.
    const again = await importAndWait(
      app.url,
      newcomer,
      strFromU8(unzipSync(zip)['lifequest.json']!),
      'lifequest.json',
    );
    expect(again.created).toEqual({ quests: 0, milestones: 0, progress: 0 });
    expect(again.skipped).toHaveLength(archive.quests.length);
    expect(again.skipped.every((s) => s.reason === 'already imported')).toBe(true);
    // Re-imported into the account it came from, it finds its own quests.
    const home = await importAndWait(app.url, hero, zip, 'lifequest-export.zip');
    expect(home.created.quests).toBe(0);
    expect(new Set(home.skipped.map((s) => s.reason))).toEqual(new Set(['already one of your quests']));
  });

  it("Habitica's user data: to-dos, checklists, dailies and habits in; rewards and game items skipped; idempotent", async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Habitican');
    const result = await importAndWait(app.url, hero, HABITICA, 'habitica-user-data.json');
    expect(result.created).toEqual({ quests: 4, milestones: 3, progress: 0 });
    expect(result.skipped).toEqual([
      { item: 'Reward "Watch an episode"', reason: 'LifeQuest has no rewards shop' },
      { item: 'Game items: gear', reason: 'LifeQuest has no game items (gear, pets, mounts…)' },
      { item: 'Game items: pets', reason: 'LifeQuest has no game items (gear, pets, mounts…)' },
      { item: 'Game items: mounts', reason: 'LifeQuest has no game items (gear, pets, mounts…)' },
      { item: 'Game items: eggs', reason: 'LifeQuest has no game items (gear, pets, mounts…)' },
      { item: 'Game items: food', reason: 'LifeQuest has no game items (gear, pets, mounts…)' },
    ]);
    expect(await questsOf(hero)).toEqual([
      { title: 'Drink a glass of water', deadline: null, is_completed: false, milestones: [], progress: [] },
      { title: 'Renew passport', deadline: null, is_completed: true, milestones: [], progress: [] },
      {
        title: 'Run a half marathon',
        deadline: '2027-10-12',
        is_completed: false,
        milestones: [
          ['Run 5K', true, null],
          ['Run 10K', true, null],
          ['Run 21K', false, null],
        ],
        progress: [],
      },
      { title: 'Stretch for 10 minutes', deadline: null, is_completed: false, milestones: [], progress: [] },
    ]);
    const habits = (
      (await hero.get('/api/goals')).body as { title: string; habits: string[]; category: string | null }[]
    )
      .filter((g) => g.category === 'habit')
      .map((g) => [g.title, g.habits]);
    expect(habits.sort()).toEqual([
      ['Drink a glass of water', ['Drink a glass of water']],
      ['Stretch for 10 minutes', ['Stretch for 10 minutes']],
    ]);
    await noRewards(hero);

    const again = await importAndWait(app.url, hero, HABITICA, 'habitica-user-data.json');
    expect(again.created).toEqual({ quests: 0, milestones: 0, progress: 0 });
    expect((await hero.get('/api/goals')).body).toHaveLength(4);
  });

  it('refuses malformed, oversized and overfull files with a clear error, and writes nothing', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Careful');
    const refusals: [string | Uint8Array, string, number, string][] = [
      ['{ "tasks": ', 'broken.json', 400, 'IMPORT_UNREADABLE'],
      ['{ "hello": "world" }', 'other.json', 400, 'IMPORT_UNREADABLE'],
      [JSON.stringify({ format: 'lifequest-export', version: 99 }), 'future.json', 400, 'IMPORT_UNREADABLE'],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.zip', 400, 'IMPORT_UNREADABLE'],
      [new Uint8Array(IMPORT_MAX_BYTES + 1).fill(32), 'huge.json', 413, 'IMPORT_TOO_LARGE'],
      [
        JSON.stringify({
          tasks: {
            todos: Array.from({ length: IMPORT_MAX_ITEMS + 1 }, (_, i) => ({ type: 'todo', text: `t${i}` })),
          },
        }),
        'many.json',
        400,
        'IMPORT_TOO_MANY_ITEMS',
      ],
    ];
    for (const [file, name, status, code] of refusals) {
      const res = await uploadImport(app.url, hero, file, name);
      expect(res.status, name).toBe(status);
      expect(res.body.code, name).toBe(code);
      expect(res.body.message, name).toBeTruthy();
    }
    // Not multipart at all: the route says how to send a file.
    const json = await hero.post('/api/import', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('IMPORT_UNREADABLE');
    expect((await hero.get('/api/goals')).body).toEqual([]);
    // Another hero's import is 404, as an unknown one.
    const other = new HeroClient(app.url);
    await other.register('Other');
    const started = await uploadImport(app.url, hero, HABITICA, 'h.json');
    expect((await other.get(`/api/import/${started.body.job_id}`)).body.code).toBe('TRANSFER_NOT_FOUND');
  });
});
