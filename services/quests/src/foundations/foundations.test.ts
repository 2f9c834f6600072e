import { describe, expect, it } from 'vitest';
import { createGoal, useQuests } from '../testing/test-kit.ts';

const quest = useQuests();

describe('PATCH /api/goals/{id}/foundation', () => {
  it('assigns each of the four foundations and returns the goal', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Run a marathon' });
    for (const foundation of ['Finance', 'Health', 'Intelligence', 'Spirit']) {
      const res = await hero.patch(`/api/goals/${goal.id}/foundation`, { foundation });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: goal.id, title: 'Run a marathon', foundation, progress: 0 });
    }
    expect((await hero.get('/api/goals')).body[0].foundation).toBe('Spirit');
  });

  it('clears the foundation with an empty value, making the goal unassigned again', async () => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Journal nightly' });
    await hero.patch(`/api/goals/${goal.id}/foundation`, { foundation: 'Spirit' });
    const res = await hero.patch(`/api/goals/${goal.id}/foundation`, { foundation: '' });
    expect(res.status).toBe(200);
    expect(res.body.foundation).toBeNull();
    expect((await hero.get('/api/goals')).body[0].foundation).toBeNull();
  });

  it.each([
    [{ foundation: 'Wealth' }],
    [{ foundation: 'health' }],
    [{ foundation: null }],
    [{ foundation: 3 }],
    [{}],
  ])('refuses %j with a 400 naming the choices', async (body) => {
    const hero = quest.hero();
    const goal = await createGoal(hero, { title: 'Anything' });
    await hero.patch(`/api/goals/${goal.id}/foundation`, { foundation: 'Finance' });
    const res = await hero.patch(`/api/goals/${goal.id}/foundation`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('foundation must be one of Finance, Health, Intelligence, Spirit');
    expect((await hero.get('/api/goals')).body[0].foundation).toBe('Finance');
  });

  it('answers 404 for another hero’s goal and leaves it unchanged', async () => {
    const owner = quest.hero();
    const goal = await createGoal(owner, { title: 'Mine' });
    const stranger = quest.hero();
    const res = await stranger.patch(`/api/goals/${goal.id}/foundation`, { foundation: 'Health' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'QUEST_NOT_FOUND' });
    expect((await owner.get('/api/goals')).body[0].foundation).toBeNull();
  });
});
