import { addDays, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { useQuests } from '../testing/test-kit.ts';

const quest = useQuests();
const today = () => toIsoDate(new Date());

/** POST /internal/quests/onboarding-quest, as auth calls it from complete-onboarding. */
const onboard = (userId: string, firstGoal: unknown) =>
  quest.service('auth').post('/internal/quests/onboarding-quest', { userId, firstGoal });

/** The names of the XP events published about the hero so far. */
async function xpEventsOf(userId: string): Promise<string[]> {
  await quest.settled();
  return quest.published
    .filter((e) => (e.payload as { userId?: string }).userId === userId)
    .map((e) => e.name)
    .filter((name) => name === 'milestone.completed' || name === 'goal.completed');
}

const firstGoal = {
  title: 'Quest i',
  deadline: addDays(today(), 30),
  className: 'health',
  milestones: [{ id: 1, title: 'a', completed: true }],
};

describe('the onboarding quest', () => {
  it('honours a milestone the hero already completed, XP included, the one time it is made', async () => {
    const userId = crypto.randomUUID();
    const res = await onboard(userId, firstGoal);
    expect(res.status).toBe(200);
    expect(res.body.quest).toMatchObject({
      goal: { title: 'Quest i', is_completed: true, progress: 100 },
      milestones: [{ title: 'a', is_completed: true, xp_reward: 100 }],
    });
    expect(await xpEventsOf(userId)).toEqual(['milestone.completed', 'goal.completed']);
  });

  it('a repeated onboarding answers with the quest made the first time', async () => {
    const userId = crypto.randomUUID();
    const first = await onboard(userId, firstGoal);
    const again = await onboard(userId, { ...firstGoal, title: 'Changed my mind' });
    expect(again.status).toBe(200);
    expect(again.body.quest.goal).toEqual(first.body.quest.goal);
    expect((await quest.hero(userId).get('/api/goals')).body).toHaveLength(1);
  });

  it('is made once, ever: after its deletion a repeated onboarding makes no quest and awards nothing', async () => {
    const userId = crypto.randomUUID();
    const hero = quest.hero(userId);
    for (let round = 0; round < 3; round++) {
      const res = await onboard(userId, firstGoal);
      expect(res.status).toBe(200);
      const [goal] = (await hero.get('/api/goals')).body;
      if (round === 0) expect((await hero.json('DELETE', `/api/goals/${goal.id}`)).status).toBe(204);
      else {
        expect(res.body).toEqual({ quest: null });
        expect(goal).toBeUndefined();
      }
    }
    expect((await hero.get('/api/milestones')).body).toEqual([]);
    // Only the first onboarding's completed milestone earned XP (and told the hero's friends).
    expect(await xpEventsOf(userId)).toEqual(['milestone.completed', 'goal.completed']);
  });

  it('refuses a deadline in the past, as POST /api/goals and plan confirmation do, and records nothing', async () => {
    const userId = crypto.randomUUID();
    const res = await onboard(userId, { ...firstGoal, deadline: '2020-01-01' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid body: firstGoal.deadline must not be in the past',
    });
    const late = await onboard(userId, { ...firstGoal, deadline: '2101-01-01' });
    expect(late.status).toBe(400);
    expect(await xpEventsOf(userId)).toEqual([]);
    // The refusal made nothing, so a corrected onboarding still makes the first quest.
    const corrected = await onboard(userId, { ...firstGoal, deadline: addDays(today(), 10) });
    expect(corrected.status).toBe(200);
    expect(corrected.body.quest.goal).toMatchObject({ title: 'Quest i', deadline: addDays(today(), 10) });
  });

  it('adopts an onboarding quest made without its row (by a quests older than the row, in a rolling deploy)', async () => {
    const userId = crypto.randomUUID();
    const first = await onboard(userId, firstGoal);
    await quest.database.query('delete from quests.onboardings where user_id = $1', [userId]);
    const again = await onboard(userId, firstGoal);
    expect(again.status).toBe(200);
    expect(again.body.quest.goal.id).toBe(first.body.quest.goal.id);
    expect((await quest.hero(userId).get('/api/goals')).body).toHaveLength(1);
    expect(await xpEventsOf(userId)).toEqual(['milestone.completed', 'goal.completed']);
  });

  it('two onboardings at once make one quest', async () => {
    const userId = crypto.randomUUID();
    const answers = await Promise.all([onboard(userId, firstGoal), onboard(userId, firstGoal)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.quest.goal.id).toBe(answers[1]!.body.quest.goal.id);
    expect(await xpEventsOf(userId)).toEqual(['milestone.completed', 'goal.completed']);
  });
});
