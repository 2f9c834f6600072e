import { describe, expect, it } from 'vitest';
import { plan, useQuests } from '../testing/test-kit.ts';

// Once, ten parallel confirmations of one draft made ten quests, and three in a row made three.

const quest = useQuests();

describe('confirming a plan is idempotent per draft', () => {
  it('ten parallel confirmations of one draft make one quest, and all of them answer with it', async () => {
    const hero = quest.hero();
    const draftId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => hero.post('/api/plans/confirm', { ...plan(), draftId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.goal.id)).size).toBe(1);
    const goals = (await hero.get('/api/goals')).body;
    expect(goals).toHaveLength(1);
    expect((await hero.get('/api/milestones')).body).toHaveLength(2);
  });

  it('a plan confirmed three times in a row without a draft id is one quest', async () => {
    const hero = quest.hero();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await hero.post('/api/plans/confirm', plan())).body.goal.id);
    expect(new Set(ids).size).toBe(1);
    expect((await hero.get('/api/goals')).body).toHaveLength(1);
  });

  it('another draft, or another plan, is another quest', async () => {
    const hero = quest.hero();
    const first = await hero.post('/api/plans/confirm', { ...plan(), draftId: crypto.randomUUID() });
    const second = await hero.post('/api/plans/confirm', { ...plan(), draftId: crypto.randomUUID() });
    const other = await hero.post('/api/plans/confirm', plan({ habits: ['Stretch daily'] }));
    expect([first.status, second.status, other.status]).toEqual([201, 201, 201]);
    expect((await hero.get('/api/goals')).body).toHaveLength(3);
  });

  it('a draft id is the hero’s own: another hero naming it gets their own quest', async () => {
    const draftId = crypto.randomUUID();
    const a = quest.hero();
    const b = quest.hero();
    const mine = await a.post('/api/plans/confirm', { ...plan(), draftId });
    const theirs = await b.post('/api/plans/confirm', { ...plan(), draftId });
    expect(theirs.status).toBe(201);
    expect(theirs.body.goal.id).not.toBe(mine.body.goal.id);
  });

  it('once the quest is deleted, the same plan may be confirmed again', async () => {
    const hero = quest.hero();
    const first = await hero.post('/api/plans/confirm', plan());
    expect((await hero.delete(`/api/goals/${first.body.goal.id}`)).status).toBeLessThan(300);
    const again = await hero.post('/api/plans/confirm', plan());
    expect(again.status).toBe(201);
    expect(again.body.goal.id).not.toBe(first.body.goal.id);
  });
});
