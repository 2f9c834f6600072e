import { describe, expect, it } from 'vitest';
import { confirmPlan, createGoal, plan, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();

describe('GET /api/dashboard', () => {
  it('answers {goals} with every Dashboard item field, for active quests', async () => {
    const hero = quest.hero();
    const { goal, milestones } = await confirmPlan(hero, plan());
    await hero.post(`/api/milestones/${milestones[0]!.id}/toggle`);

    const res = await hero.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      goals: [
        {
          goal: {
            id: goal.id,
            title: 'Run 5K under 30:00',
            category: 'fitness',
            difficulty: 'medium',
            targetDate: '2099-02-10',
            targetValue: 1800,
            unit: 'min:s',
            totalGoalXp: 150,
            // The day it began, as every read of the quest says it (its pace is measured from it).
            startDate: goal.start_date,
          },
          progressPercentage: 50,
          // 40 XP and the early_milestone bonus of 10: the milestone was done long before its due date.
          totalXp: 50,
          nextMilestone: { label: 'Run 5K', dueDate: '2099-02-10' },
          completedMilestones: 1,
          totalMilestones: 2,
        },
      ],
    });
  });

  it('leaves completed quests out and keeps heroes apart', async () => {
    const hero = quest.hero();
    const done = await createGoal(hero, { title: 'Done soon' });
    const open = await createGoal(hero, { title: 'Still going' });
    for (const m of done.milestones) await hero.post(`/api/milestones/${m.id}/toggle`);
    const res = await hero.get('/api/dashboard');
    expect(res.body.goals.map((item: { goal: { id: string } }) => item.goal.id)).toEqual([open.id]);
    expect(res.body.goals[0]).toMatchObject({
      goal: { category: null, difficulty: null, targetValue: null, unit: null, totalGoalXp: 100 },
      progressPercentage: 0,
      totalXp: 0,
      nextMilestone: { label: open.milestones[0]!.title, dueDate: open.milestones[0]!.due_date },
    });
    expect((await quest.hero().get('/api/dashboard')).body).toEqual({ goals: [] });
  });
});
