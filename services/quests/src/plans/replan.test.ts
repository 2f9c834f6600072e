import { addDays, type CreatedGoal, toIsoDate } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { createGoal, useQuests } from '../testing/test-kit.ts';

// Confirming a re-plan (a plan with goal_id) updates the quest in place: docs/features/replan.md.

const quest = useQuests();
const today = () => toIsoDate(new Date());

async function questWithOneDone(hero: ReturnType<typeof quest.hero>): Promise<CreatedGoal> {
  const goal = await createGoal(hero, {
    title: 'Write a novel',
    deadline: addDays(today(), 60),
    xpTotal: 200,
    milestones: [
      { title: 'Outline', dueDate: addDays(today(), 10), xpReward: 30 },
      { title: 'First draft', dueDate: addDays(today(), 30), xpReward: 50 },
      { title: 'Second draft', dueDate: addDays(today(), 60), xpReward: 70 },
    ],
  });
  expect((await hero.post(`/api/milestones/${goal.milestones[0]!.id}/toggle`)).status).toBe(200);
  return goal;
}

function replan(goal: CreatedGoal, milestones: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    goal_id: goal.id,
    goal: {
      title: goal.title,
      category: 'project',
      difficulty: 'medium',
      metric: { target_value: null, unit: null },
    },
    milestones,
    xp_policy: { total_goal_xp: 200, bonuses: { early_milestone: 0, logging_daily: 0 } },
    habits: [],
    draftId: crypto.randomUUID(),
    ...overrides,
  };
}

describe('confirming a re-plan', () => {
  it('merges open milestones, adds new ones, keeps the done one and the quest’s XP, with no goal.created', async () => {
    const hero = quest.hero();
    const goal = await questWithOneDone(hero);
    const [done, first, second] = goal.milestones;
    const plan = replan(goal, [
      // What the draft says of a done milestone is ignored.
      { id: done!.id, label: 'Renamed', due_date: addDays(today(), 1), xp_reward: 5, is_completed: true },
      { id: first!.id, label: 'Both drafts', due_date: addDays(today(), 40), xp_reward: 100 },
      { label: 'Polish', due_date: addDays(today(), 80), xp_reward: 20 },
    ]);
    const res = await hero.post('/api/plans/confirm', plan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal).toMatchObject({ id: goal.id, deadline: addDays(today(), 80), progress: 33 });
    expect(
      res.body.milestones.map(
        (m: { id: string; title: string; is_completed: boolean; xp_reward: number }) => [
          m.title,
          m.is_completed,
          m.xp_reward,
        ],
      ),
    ).toEqual([
      ['Outline', true, 30],
      ['Both drafts', false, 100],
      ['Polish', false, 20],
    ]);
    expect(res.body.milestones[0]).toEqual({ ...done, is_completed: true });
    expect(res.body.milestones[1].id).toBe(first!.id);
    expect(res.body.milestones.map((m: { id: string }) => m.id)).not.toContain(second!.id);
    const card = (await hero.get('/api/dashboard')).body.goals[0];
    expect(card.goal.totalGoalXp).toBe(200);
    await quest.settled();
    expect(quest.publishedOf('goal.created').filter((e) => e.payload.goalId === goal.id)).toHaveLength(1);
    expect(quest.publishedOf('plan.confirmed').find((e) => e.payload.goalId === goal.id)?.payload).toEqual({
      userId: hero.userId,
      goalId: goal.id,
      draftId: plan.draftId,
      replanned: true,
    });
    expect(quest.publishedOf('milestone.reopened').filter((e) => e.payload.goalId === goal.id)).toEqual([]);
  });

  it('takes a draftId that is not one of ai’s drafts (any text) as no draft, as a new plan does', async () => {
    const hero = quest.hero();
    const goal = await questWithOneDone(hero);
    const [, first] = goal.milestones;
    const res = await hero.post(
      '/api/plans/confirm',
      replan(
        goal,
        [{ id: first!.id, label: 'Both drafts', due_date: addDays(today(), 40), xp_reward: 100 }],
        {
          draftId: 'my-own-draft',
        },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal.id).toBe(goal.id);
    await quest.settled();
    expect(quest.publishedOf('plan.confirmed').find((e) => e.payload.goalId === goal.id)?.payload).toEqual({
      userId: hero.userId,
      goalId: goal.id,
      draftId: null,
      replanned: true,
    });
  });

  it('refuses milestones worth more than the quest, and a completed quest', async () => {
    const hero = quest.hero();
    const goal = await questWithOneDone(hero);
    const tooRich = await hero.post(
      '/api/plans/confirm',
      replan(goal, [{ label: 'Everything', due_date: addDays(today(), 20), xp_reward: 500 }], {
        xp_policy: { total_goal_xp: 1000, bonuses: { early_milestone: 0, logging_daily: 0 } },
      }),
    );
    expect(tooRich.status).toBe(400);
    expect(tooRich.body.code).toBe('VALIDATION_FAILED');
    const past = await hero.post(
      '/api/plans/confirm',
      replan(goal, [{ label: 'Late', due_date: addDays(today(), -5), xp_reward: 10 }]),
    );
    expect(past.status).toBe(400);

    for (const m of goal.milestones.slice(1)) await hero.post(`/api/milestones/${m.id}/toggle`);
    const finished = await hero.post(
      '/api/plans/confirm',
      replan(goal, [{ label: 'More', due_date: addDays(today(), 20), xp_reward: 10 }]),
    );
    expect(finished.status).toBe(409);
    expect(finished.body.code).toBe('CONFLICT');
  });

  it('keeps a milestone completed between the draft and its confirmation', async () => {
    const hero = quest.hero();
    const goal = await questWithOneDone(hero);
    const [, first, second] = goal.milestones;
    const plan = replan(goal, [
      { id: first!.id, label: 'First draft', due_date: addDays(today(), 35), xp_reward: 50 },
      { id: second!.id, label: 'Second draft', due_date: addDays(today(), 70), xp_reward: 70 },
    ]);
    await hero.post(`/api/milestones/${first!.id}/toggle`);
    const res = await hero.post('/api/plans/confirm', plan);
    expect(res.status).toBe(200);
    const kept = res.body.milestones.find((m: { id: string }) => m.id === first!.id);
    expect(kept).toMatchObject({ is_completed: true, due_date: first!.due_date });
  });

  it('five parallel confirmations of one re-plan change the quest once', async () => {
    const hero = quest.hero();
    const goal = await questWithOneDone(hero);
    const plan = replan(goal, [
      { id: goal.milestones[1]!.id, label: 'First draft', due_date: addDays(today(), 45), xp_reward: 50 },
      { label: 'Second draft', due_date: addDays(today(), 90), xp_reward: 70 },
    ]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hero.post('/api/plans/confirm', plan)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = answers.map((a) => JSON.stringify(a.body.milestones.map((m: { id: string }) => m.id)));
    expect(new Set(ids).size).toBe(1);
    expect(answers[0]!.body.milestones).toHaveLength(3);
    await quest.settled();
    expect(
      quest.publishedOf('plan.confirmed').filter((e) => e.payload.draftId === plan.draftId),
    ).toHaveLength(1);
  });

  it("another hero's quest is QUEST_NOT_FOUND", async () => {
    const goal = await questWithOneDone(quest.hero());
    const res = await quest
      .hero()
      .post(
        '/api/plans/confirm',
        replan(goal, [{ label: 'Mine now', due_date: addDays(today(), 5), xp_reward: 5 }]),
      );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('QUEST_NOT_FOUND');
  });
});
