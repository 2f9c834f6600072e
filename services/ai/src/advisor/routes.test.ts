import { EVENTUALLY, parseSse } from '@lifequest/platform/testing';
import { Plan, PlanConfirmBody } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';

let ai: AiHarness;

beforeAll(async () => {
  ai = await startAiHarness();
});
afterAll(() => ai?.close());

describe('the advisor', () => {
  it('proposes a Plan to confirm, keeps it as the draft, and remembers the conversation', async () => {
    const hero = ai.hero();
    const res = await hero.json('POST', '/api/advisor/message', {
      message: 'I want to save $3,000 in 6 months',
    });
    expect(res.status).toBe(200);
    expect(res.body.needs_confirmation).toBe(true);
    expect(res.body.reply).toEqual(expect.stringMatching(/\S/));
    // The plan is exactly the product's Plan, and quests will accept it as it is.
    expect(Plan.parse(res.body.plan)).toEqual(res.body.plan);
    expect(PlanConfirmBody.safeParse({ ...res.body.plan, draftId: res.body.draftId }).success).toBe(true);
    expect(res.body.plan.goal.category).toBe('finance');

    const draft = await hero.json('GET', '/api/plans/draft');
    expect(draft.body).toEqual({ plan: res.body.plan, draftId: res.body.draftId });

    const history = await hero.json('GET', '/api/advisor/messages');
    expect(history.body.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'I want to save $3,000 in 6 months'],
      ['assistant', res.body.reply],
    ]);
    await vi.waitFor(
      () =>
        expect(
          ai.published.find((e) => e.name === 'plan.drafted' && e.actorId === hero.userId)?.payload,
        ).toEqual({
          userId: hero.userId,
          draftId: res.body.draftId,
        }),
      EVENTUALLY,
    );
  });

  it('asks rather than plans when the hero is vague, and leaves the draft alone', async () => {
    const hero = ai.hero();
    const res = await hero.json('POST', '/api/advisor/message', { message: 'I want to be better' });
    expect(res.body).toMatchObject({ needs_confirmation: false, plan: null, draftId: null });
    expect(res.body.reply).toContain('?');
    expect((await hero.json('GET', '/api/plans/draft')).body).toEqual({ plan: null, draftId: null });
  });

  it('shows no draft rather than failing when a stored draft breaks the current plan rules', async () => {
    const hero = ai.hero();
    const res = await hero.json('POST', '/api/advisor/message', { message: 'Read 12 books in 6 months' });
    // As if kept from before the XP limits: a plan worth more than a quest may be.
    await ai.db.planDraft.update({
      where: { id: res.body.draftId },
      data: { plan: { ...res.body.plan, xp_policy: { ...res.body.plan.xp_policy, total_goal_xp: 100_000 } } },
    });
    const draft = await hero.json('GET', '/api/plans/draft');
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({ plan: null, draftId: null });
  });

  it('clears the confirmed draft on plan.confirmed, but not a newer one', async () => {
    const hero = ai.hero();
    const first = await hero.json('POST', '/api/advisor/message', { message: 'Run a 10K in 3 months' });
    const second = await hero.json('POST', '/api/advisor/message', {
      message: 'Actually: read 12 books in 6 months',
    });
    expect(second.body.draftId).not.toBe(first.body.draftId);

    // A confirmation of the superseded draft leaves the newer one.
    await ai.deliver('plan.confirmed', {
      userId: hero.userId,
      goalId: crypto.randomUUID(),
      draftId: first.body.draftId,
    });
    expect((await hero.json('GET', '/api/plans/draft')).body.draftId).toBe(second.body.draftId);

    await ai.deliver('plan.confirmed', {
      userId: hero.userId,
      goalId: crypto.randomUUID(),
      draftId: second.body.draftId,
    });
    expect((await hero.json('GET', '/api/plans/draft')).body).toEqual({ plan: null, draftId: null });
  });

  it('answers self-harm with crisis help instead of a plan', async () => {
    const hero = ai.hero();
    const res = await hero.json('POST', '/api/advisor/message', { message: 'Make me a plan to end my life' });
    expect(res.body).toMatchObject({ needs_confirmation: false, plan: null, draftId: null });
    expect(res.body.reply).toContain('988');
    expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('refuses an empty or oversized message', async () => {
    const hero = ai.hero();
    expect((await hero.json('POST', '/api/advisor/message', { message: '   ' })).status).toBe(400);
    expect((await hero.json('POST', '/api/advisor/message', { message: 'x'.repeat(2_001) })).status).toBe(
      400,
    );
    expect((await hero.json('POST', '/api/advisor/message', {})).status).toBe(400);
  });
});

it('streams the advisor reply as server-sent events when asked', async () => {
  const hero = ai.hero();
  const res = await hero.request(
    'POST',
    '/api/advisor/message',
    { message: 'I want to read 12 books in 6 months' },
    { accept: 'text/event-stream' },
  );
  const events = parseSse(await res.text());
  const done = events.find((e) => e.event === 'done')!.data;
  expect(
    events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
  ).toBe(done.reply);
  expect(done).toMatchObject({ needs_confirmation: true, draftId: expect.any(String) });
  expect((await hero.json('GET', '/api/plans/draft')).body.draftId).toBe(done.draftId);
});
