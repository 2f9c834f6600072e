import { EVENTUALLY, parseSse } from '@lifequest/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

// The whole app in one process (target all, embedded parts), through the gateway as the web calls it.

let app: TestLifeQuest;

beforeAll(async () => {
  app = await startLifeQuest();
});
afterAll(() => app?.close());

describe('The Pathfinder behind the gateway', () => {
  it('confirming the advisor plan creates the quest in quests and clears the draft in ai', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Aria');
    const proposal = await hero.post('/api/advisor/message', {
      message: 'I want to save $3,000 in 6 months',
    });
    expect(proposal.status).toBe(200);
    expect(proposal.body.needs_confirmation).toBe(true);
    expect((await hero.get('/api/plans/draft')).body.plan).toEqual(proposal.body.plan);

    const confirmed = await hero.post('/api/plans/confirm', {
      ...proposal.body.plan,
      draftId: proposal.body.draftId,
    });
    expect(confirmed.status).toBeLessThan(300);
    const goals = (await hero.get('/api/goals')).body;
    expect(goals.map((g: { title: string }) => g.title)).toContain(proposal.body.plan.goal.title);
    await vi.waitFor(
      async () => expect((await hero.get('/api/plans/draft')).body).toEqual({ plan: null, draftId: null }),
      EVENTUALLY,
    );
  });

  it('streams a floating chat reply through the gateway as server-sent events', async () => {
    const hero = new HeroClient(app.url);
    const { sessionId } = await hero.register('Bram');
    const res = await fetch(new URL('/api/ai/pathfinder-conversation', app.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${sessionId}`,
      },
      body: JSON.stringify({
        messages: [{ role: 'user', content: 'I want to run a half marathon in 5 months' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    const done = events.find((e) => e.event === 'done')?.data;
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(done.reply);
    expect(done.actions[0].type).toBe('CREATE_GOAL');
  });

  it('writes an achievement story on the in-process queue from the quests the hero completed', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Dara');
    const quest = await hero.post('/api/goals', {
      title: 'Save $1,000',
      deadline: '2030-01-01',
      milestones: ['Save $500'],
    });
    expect(quest.status).toBe(201);
    await hero.post(`/api/milestones/${quest.body.milestones[0].id}/toggle`);

    const story = await hero.post('/api/narrative/generate', { achievement_id: quest.body.id });
    expect(story.status, JSON.stringify(story.body)).toBe(201);
    expect(story.body.story).toMatchObject({ narrative_type: 'single_achievement', achievements_count: 1 });
    expect(story.body.story.story).toContain('Dara');
    expect((await hero.get('/api/narrative/history')).body).toEqual([story.body.story]);
  });

  it('answers the onboarding shape and keeps other heroes out', async () => {
    const hero = new HeroClient(app.url);
    await hero.register('Cleo');
    const res = await hero.post('/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'I want to lose 5 kg in 3 months' }],
      phase: 'initial',
      primaryClass: 'general',
      displayName: 'Cleo',
      smartGoalData: { specific: null, measurable: null, achievable: null, relevant: null, timeBound: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phase: 'initial', finalGoal: null });
    expect(res.body.smartGoalData.specific).toEqual(expect.stringMatching(/\S/));
    expect((await new HeroClient(app.url).post('/api/advisor/message', { message: 'hi' })).status).toBe(401);
  });
});
