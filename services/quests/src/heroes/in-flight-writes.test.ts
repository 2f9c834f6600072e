import { afterAll, beforeAll, expect, it } from 'vitest';
import { createQuestsDb, type QuestsDb } from '../db.ts';
import { useQuests } from '../testing/test-kit.ts';

// A hero's request that passed the gateway before their deletion may reach quests after the purge
// (docs/features/data-ownership.md#deletion): it must not bring a quest back.
const svc = useQuests();
let db: QuestsDb;
beforeAll(() => {
  db = createQuestsDb(svc.database);
});
afterAll(() => db?.$disconnect());

it('a write that arrives after the hero’s purge is refused (401) and leaves no row', async () => {
  const hero = crypto.randomUUID();
  const other = crypto.randomUUID();
  expect((await svc.hero(hero).post('/api/goals', { title: 'Before' })).status).toBe(201);
  await svc.publish('user.deleted', { userId: hero });
  expect(await db.goal.count({ where: { userId: hero } })).toBe(0);

  const late = await svc.hero(hero).post('/api/goals', { title: 'In flight' });
  expect(late.status).toBe(401);
  expect(late.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  const onboarding = await svc.service('auth').post('/internal/quests/onboarding-quest', {
    userId: hero,
    firstGoal: { title: 'First', milestones: [] },
  });
  expect(onboarding.status).toBe(401);
  expect(await db.goal.count({ where: { userId: hero } })).toBe(0);
  expect(await db.onboarding.count({ where: { userId: hero } })).toBe(0);
  // Nor a calendar feed, whose address would open for a hero who is gone.
  for (const [method, path] of [
    ['GET', '/api/calendar'],
    ['POST', '/api/calendar/rotate'],
  ] as const) {
    const feed = await svc.hero(hero).json(method, path);
    expect([method, path, feed.status, feed.body.code]).toEqual([method, path, 401, 'UNAUTHENTICATED']);
  }
  expect(await db.calendarFeed.count({ where: { userId: hero } })).toBe(0);
  // The hash names nobody, and other heroes write as before.
  expect(
    await svc.database.query(`select 1 from quests.erased_heroes where id_hash like '%' || $1 || '%'`, [
      hero,
    ]),
  ).toEqual([]);
  expect((await svc.hero(other).post('/api/goals', { title: 'Theirs' })).status).toBe(201);
  // A repeated user.deleted is taken calmly.
  await svc.publish('user.deleted', { userId: hero });
});
