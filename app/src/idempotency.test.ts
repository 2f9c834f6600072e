import { createGoal } from '@lifequest/quests/testing';
import { describe, expect, it } from 'vitest';
import { newHero, useLifeQuest } from './testing/index.ts';

// PUT /api/milestones/{id} and POST /api/progress with an Idempotency-Key, through the gateway and on to
// auth's XP ledger: what a phone replaying its offline queue relies on (docs/features/offline-app.md).
const app = useLifeQuest();
const key = () => crypto.randomUUID();

describe('PUT /api/milestones/{id} with an Idempotency-Key', () => {
  it('replayed 10 times at once makes one change and one XP award, and answers the first answer each time', async () => {
    const hero = await newHero(app.url);
    const goal = await createGoal(hero, { title: 'Learn Spanish' });
    const [first] = goal.milestones;
    const sameKey = key();

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        hero.request(
          'PUT',
          `/api/milestones/${first!.id}`,
          { completed: true },
          { 'Idempotency-Key': sameKey },
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        milestone: { ...first, is_completed: true },
        goal: { id: goal.id, progress: 33, is_completed: false },
        xpDelta: 25,
        user: { totalXP: 25, lifeLevel: 1 },
      });
    }
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 25 });
    // Undone elsewhere since: the old key still answers its first answer and changes nothing.
    await hero.post(`/api/milestones/${first!.id}/toggle`);
    const late = await hero.request(
      'PUT',
      `/api/milestones/${first!.id}`,
      { completed: true },
      { 'Idempotency-Key': sameKey },
    );
    expect(late.body).toMatchObject({ milestone: { is_completed: true }, xpDelta: 25 });
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 0 });
    const milestones = (await hero.get('/api/milestones')).body as { id: string; is_completed: boolean }[];
    expect(milestones.find((m) => m.id === first!.id)?.is_completed).toBe(false);
  });

  it('sets rather than flips: a new key for the state it already has changes nothing and awards nothing', async () => {
    const hero = await newHero(app.url);
    const goal = await createGoal(hero, { title: 'Read more' });
    const id = goal.milestones[0]!.id;
    const put = (completed: boolean) =>
      hero.request('PUT', `/api/milestones/${id}`, { completed }, { 'Idempotency-Key': key() });

    expect((await put(true)).body).toMatchObject({ xpDelta: 25, user: { totalXP: 25 } });
    expect((await put(true)).body).toMatchObject({
      milestone: { is_completed: true },
      xpDelta: 0,
      user: { totalXP: 25 },
    });
    expect((await put(false)).body).toMatchObject({
      milestone: { is_completed: false },
      xpDelta: -25,
      user: { totalXP: 0 },
    });
    expect((await put(false)).body).toMatchObject({ xpDelta: 0, user: { totalXP: 0 } });
  });

  it('refuses a used key with another body (422), a missing or malformed key (400); another hero’s milestone is 404', async () => {
    const hero = await newHero(app.url);
    const goal = await createGoal(hero, { title: 'Run a 5K' });
    const id = goal.milestones[0]!.id;
    const used = key();
    await hero.request('PUT', `/api/milestones/${id}`, { completed: true }, { 'Idempotency-Key': used });

    const reused = await hero.request(
      'PUT',
      `/api/milestones/${id}`,
      { completed: false },
      { 'Idempotency-Key': used },
    );
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: 'Idempotency key already used',
    });
    const elsewhere = await hero.request(
      'PUT',
      `/api/milestones/${goal.milestones[1]!.id}`,
      { completed: true },
      { 'Idempotency-Key': used },
    );
    expect(elsewhere.status).toBe(422);
    expect((await hero.get('/api/auth/me')).body).toMatchObject({ totalXP: 25 });

    const missing = await hero.request('PUT', `/api/milestones/${id}`, { completed: false });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const malformed = await hero.request(
      'PUT',
      `/api/milestones/${id}`,
      { completed: false },
      { 'Idempotency-Key': 'x' },
    );
    expect(malformed.status).toBe(400);

    const stranger = await newHero(app.url, 'Brom');
    // The stranger's same key is theirs: it does not answer the owner's answer.
    const theirs = await stranger.request(
      'PUT',
      `/api/milestones/${id}`,
      { completed: false },
      { 'Idempotency-Key': used },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'MILESTONE_NOT_FOUND' });
    const milestones = (await hero.get('/api/milestones')).body as { id: string; is_completed: boolean }[];
    expect(milestones.find((m) => m.id === id)?.is_completed).toBe(true);
  });

  it('answers 404 for a milestone deleted since, and keeps nothing: the key may be used again', async () => {
    const hero = await newHero(app.url);
    const goal = await createGoal(hero, { title: 'Gone soon' });
    const id = goal.milestones[0]!.id;
    await hero.delete(`/api/goals/${goal.id}`);
    const gone = await hero.request(
      'PUT',
      `/api/milestones/${id}`,
      { completed: true },
      { 'Idempotency-Key': key() },
    );
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'MILESTONE_NOT_FOUND' });
  });
});

describe('POST /api/progress with an Idempotency-Key', () => {
  it('logs once however often it is replayed, and refuses the key with another entry', async () => {
    const hero = await newHero(app.url);
    const goal = await createGoal(hero, { title: 'Run more', unit: 'km', target_value: 100 });
    const sameKey = key();
    const body = { goalId: goal.id, value: 5, note: 'morning run' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        hero.request('POST', '/api/progress', body, { 'Idempotency-Key': sameKey }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const other = await hero.request(
      'POST',
      '/api/progress',
      { ...body, value: 6 },
      { 'Idempotency-Key': sameKey },
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Without a key, each request is an entry of its own, as before.
    await hero.post('/api/progress', body);
    const entries = (await hero.get(`/api/goals/${goal.id}`)).body.progress as unknown[];
    expect(entries).toHaveLength(2);
  });
});
