import {
  createEnvelope,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  type XpHistory,
} from '@lifequest/proto';
import { expect, it } from 'vitest';
import { useAuth } from '../testing/test-kit.ts';

// GET /api/xp/history (docs/features/data-ownership.md#xp-history): the ledger, newest first, with what
// each line was for, reopenings as negative amounts, in pages that never split one event's lines.
const xp = useAuth();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

/** Delivers quests' event as if it happened at `when` (the ledger dates a line by its event). */
const deliver = <N extends EventName>(
  name: N,
  payload: EventPayloads[N] & { userId: string },
  when: string,
) => xp.svc.redeliver(createEnvelope(name, payload, payload.userId, new Date(when)) as EventEnvelope);

it('lists the hero’s ledger newest first with titles, a reopening negative, paged by before and limit', async () => {
  const hero = await xp.newHero();
  const other = await xp.newHero();
  const milestone = { milestoneId: crypto.randomUUID(), goalId: crypto.randomUUID() };
  const base = { ...milestone, userId: hero, title: 'Run 2K', goalTitle: 'Run 5K', xpReward: 50 };
  await deliver('milestone.completed', { ...base, xpBonus: 10, version: 1 }, at(1));
  await deliver('milestone.reopened', { ...base, version: 2 }, at(2));
  await deliver(
    'progress.logged',
    {
      progressId: crypto.randomUUID(),
      goalId: milestone.goalId,
      goalTitle: 'Run 5K',
      userId: hero,
      value: 3,
      unit: 'km',
      loggedAt: at(3),
      xpBonus: 5,
    },
    at(3),
  );
  await deliver('milestone.completed', { ...base, userId: other, xpBonus: 0, version: 1 }, at(4));

  const all = await xp.svc.hero(hero).get<XpHistory>('/api/xp/history');
  expect(all.status).toBe(200);
  expect(all.body.items).toEqual([
    { at: at(3), amount: 5, reason: 'logging_daily', quest_title: 'Run 5K' },
    // The reopening took back the reward and its early bonus: two lines of one event, one time.
    expect.objectContaining({ at: at(2), amount: expect.any(Number), quest_title: 'Run 5K' }),
    expect.objectContaining({ at: at(2), amount: expect.any(Number), quest_title: 'Run 5K' }),
    expect.objectContaining({ at: at(1), milestone_title: 'Run 2K', quest_title: 'Run 5K' }),
    expect.objectContaining({ at: at(1), milestone_title: 'Run 2K', quest_title: 'Run 5K' }),
  ]);
  const reopening = all.body.items.filter((item) => item.at === at(2));
  expect(reopening.map((item) => item.amount).sort((a, b) => a - b)).toEqual([-50, -10]);
  expect(reopening.every((item) => item.milestone_title === 'Run 2K')).toBe(true);
  expect(all.body.items.reduce((sum, item) => sum + item.amount, 0)).toBe(await xp.total(hero));

  // limit 2 ends at at(2) and keeps both of its lines; the next page starts before it.
  const first = await xp.svc.hero(hero).get<XpHistory>('/api/xp/history?limit=2');
  expect(first.body.items.map((item) => item.at)).toEqual([at(3), at(2), at(2)]);
  const next = await xp.svc.hero(hero).get<XpHistory>(`/api/xp/history?limit=2&before=${at(2)}`);
  expect(next.body.items.map((item) => item.at)).toEqual([at(1), at(1)]);

  // Only the hero's own lines, and a bad query is a 400 naming the problem.
  expect((await xp.svc.hero(crypto.randomUUID()).get<XpHistory>('/api/xp/history')).body).toEqual({
    items: [],
  });
  const bad = await xp.svc.hero(hero).get('/api/xp/history?limit=0');
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect((await xp.svc.anonymous().get('/api/xp/history')).status).toBe(401);
});
