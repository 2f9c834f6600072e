import { randomUUID } from 'node:crypto';
import { AppError } from '@lifequest/platform';
import { EVENTUALLY } from '@lifequest/platform/testing';
import { type Foundation, StoryHistoryItem } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OfflineProvider } from '../providers/offline/offline-provider.ts';
import type { CallOptions, StoryTask } from '../providers/port.ts';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';

let ai: AiHarness;

beforeAll(async () => {
  ai = await startAiHarness();
});
afterAll(() => ai?.close());

/** A quest the hero completed, made and finished through quests' own API. */
function completedQuest(
  harness: AiHarness,
  userId: string,
  title: string,
  foundation: Foundation | null,
  milestones: string[],
) {
  return harness.quest(userId, { title, foundation, milestones });
}

describe('achievement stories', () => {
  it("writes the epic story from the hero's own achievements, and only theirs", async () => {
    const hero = ai.hero(undefined, 'Nadia');
    const other = ai.hero(undefined, 'Omar');
    await completedQuest(ai, hero.userId, 'Save $3,000', 'Finance', ['Save $1,000', 'Save $3,000']);
    await completedQuest(ai, hero.userId, 'Run a 10K', 'Health', ['Run 5K', 'Run 10K']);
    await completedQuest(ai, other.userId, 'Climb Kilimanjaro', 'Health', ['Book the trip']);

    const res = await hero.json('POST', '/api/narrative/generate', {});
    expect(res.status).toBe(201);
    const story = StoryHistoryItem.parse(res.body.story);
    expect(story).toMatchObject({
      narrative_type: 'multi_foundation',
      achievements_count: 2,
      foundation_progress: { Finance: 100, Health: 100, Intelligence: 0, Spirit: 0 },
    });
    expect(story.achievements_data.map((a) => a.title).sort()).toEqual(['Run a 10K', 'Save $3,000']);
    expect(story.story).toContain('Nadia');
    expect(story.story).toContain('Save $3,000');
    expect(story.story).not.toContain('Kilimanjaro');
    expect(story.story.split('\n\n').length).toBeGreaterThanOrEqual(2);

    expect((await hero.json('GET', '/api/narrative/history')).body).toEqual([story]);
    expect((await other.json('GET', '/api/narrative/history')).body).toEqual([]);
    await vi.waitFor(
      () =>
        expect(
          ai.published.find((e) => e.name === 'story.generated' && e.actorId === hero.userId)?.payload,
        ).toEqual({
          storyId: story.id,
          userId: hero.userId,
          narrativeType: 'multi_foundation',
          title: 'The Epic Journey of Nadia',
          goalId: null,
        }),
      EVENTUALLY,
    );
    expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId, endpoint: 'story' } })).toBe(1);
  });

  it('writes a focused story on one completed quest, newest first in the history', async () => {
    const hero = ai.hero(undefined, 'Pia');
    const quest = await completedQuest(ai, hero.userId, 'Read 12 books', null, [
      'Read 6 books',
      'Read 12 books',
    ]);
    await completedQuest(ai, hero.userId, 'Meditate daily', 'Spirit', []);
    const epic = await hero.json('POST', '/api/narrative/generate', {});
    const focused = await hero.json('POST', '/api/narrative/generate', { achievement_id: quest.id });

    expect(focused.status).toBe(201);
    expect(focused.body.story).toMatchObject({
      narrative_type: 'single_achievement',
      achievements_count: 1,
      achievements_data: [{ id: quest.id, title: 'Read 12 books' }],
    });
    expect(focused.body.story.story).toContain('Read 12 books');
    expect(focused.body.story.story).not.toContain('Meditate daily');
    // social keeps one feed entry per quest and day, and takes it back with the quest.
    await vi.waitFor(
      () =>
        expect(
          ai.published.find(
            (e) => e.name === 'story.generated' && e.payload.storyId === focused.body.story.id,
          )?.payload,
        ).toMatchObject({ goalId: quest.id, title: 'The Tale of Read 12 books' }),
      EVENTUALLY,
    );
    const history = await hero.json('GET', '/api/narrative/history');
    expect(history.body.map((s: { id: string }) => s.id)).toEqual([
      focused.body.story.id,
      epic.body.story.id,
    ]);
  });

  it("refuses a focused story on a quest that is not completed (400) or not the hero's (404)", async () => {
    const hero = ai.hero();
    const open = await ai.quest(hero.userId, { title: 'Learn Rust', completed: false });
    const theirs = await completedQuest(ai, randomUUID(), 'Not yours', null, []);

    const notDone = await hero.json('POST', '/api/narrative/generate', { achievement_id: open.id });
    expect(notDone.status).toBe(400);
    expect(notDone.body.code).toBe('QUEST_NOT_COMPLETED');
    for (const id of [theirs.id, randomUUID()]) {
      const res = await hero.json('POST', '/api/narrative/generate', { achievement_id: id });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('QUEST_NOT_FOUND');
    }
    expect(await ai.db.story.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('refuses a malformed achievement_id with 400 VALIDATION_FAILED: ids are UUIDs', async () => {
    const hero = ai.hero();
    await completedQuest(ai, hero.userId, 'Bake bread', null, []);
    for (const id of ["1' OR 1=1--", 12345, '', 'not-an-id', {}, [randomUUID()]]) {
      const res = await hero.json('POST', '/api/narrative/generate', { achievement_id: id });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('achievement_id must be a valid id'),
      });
    }
    expect(await ai.db.story.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('takes an absent or null achievement_id as the epic story of all achievements', async () => {
    const hero = ai.hero();
    await completedQuest(ai, hero.userId, 'Bake bread', 'Health', []);
    for (const body of [undefined, {}, { achievement_id: null }]) {
      const res = await hero.json('POST', '/api/narrative/generate', body);
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(res.body.story).toMatchObject({ narrative_type: 'foundation_progress', achievements_count: 1 });
    }
  });

  it('refuses the epic story of a hero who has completed nothing: 400 NOTHING_TO_CELEBRATE, before any story, job or token', async () => {
    const newcomer = ai.hero();
    const starter = ai.hero();
    await ai.quest(starter.userId, { title: 'Learn Rust', milestones: ['Read the book'], completed: false });

    for (const hero of [newcomer, starter]) {
      const res = await hero.json('POST', '/api/narrative/generate', {});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Nothing to celebrate yet',
        message: 'Complete a milestone or a quest first: a story celebrates what you achieved.',
        code: 'NOTHING_TO_CELEBRATE',
      });
      expect(await ai.db.story.count({ where: { userId: hero.userId } })).toBe(0);
      expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(0);
    }
    await ai.settled();
    const told = ai.published.filter(
      (e) => e.name === 'story.generated' && [newcomer.userId, starter.userId].includes(e.actorId ?? ''),
    );
    expect(told).toEqual([]);
  });

  it('tells the road so far to a hero with a completed milestone but no completed quest', async () => {
    const hero = ai.hero(undefined, 'Rosa');
    await ai.quest(hero.userId, {
      title: 'Run a marathon',
      foundation: 'Health',
      milestones: ['Run 10K', 'Run a half marathon'],
      completed: false,
      completedMilestones: 1,
    });
    const res = await hero.json('POST', '/api/narrative/generate', {});
    expect(res.status).toBe(201);
    expect(res.body.story).toMatchObject({
      narrative_type: 'milestone_celebration',
      achievements_count: 0,
      foundation_progress: { Health: 25 },
    });
  });

  it('drops the focused stories of a deleted quest and keeps the epic ones', async () => {
    const hero = ai.hero();
    const quest = await completedQuest(ai, hero.userId, 'Sell the old car', 'Finance', []);
    await hero.json('POST', '/api/narrative/generate', { achievement_id: quest.id });
    const epic = await hero.json('POST', '/api/narrative/generate', {});
    await ai.deliver('goal.deleted', { goalId: quest.id, userId: hero.userId });
    const history = await hero.json('GET', '/api/narrative/history');
    expect(history.body.map((s: { id: string }) => s.id)).toEqual([epic.body.story.id]);
  });
});

describe('a story that takes longer than the wait', () => {
  let slow: AiHarness;
  let release: () => void = () => {};
  let gate = Promise.resolve();

  beforeAll(async () => {
    const offline = new OfflineProvider();
    const provider = Object.assign(Object.create(offline), {
      async story(task: StoryTask, options: CallOptions) {
        await gate;
        return offline.story(task, options);
      },
    });
    // One story at a time, so a story held at the gate keeps the next one queued.
    slow = await startAiHarness(
      { JOB_CONCURRENCY: '1', AI_STORY_WAIT_MS: '50' },
      { provider: () => provider },
    );
  });
  afterAll(() => slow?.close());

  it("answers 202 'still writing' with the job id, and the story is there once written", async () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const hero = slow.hero(undefined, 'Quinn');
    await completedQuest(slow, hero.userId, 'Plant a garden', 'Spirit', ['Buy seeds']);

    const res = await hero.json('POST', '/api/narrative/generate', {});
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 'writing',
      jobId: expect.any(String),
      message: 'The Pathfinder is still writing your story…',
    });
    expect((await hero.json('GET', `/api/narrative/jobs/${res.body.jobId}`)).status).toBe(202);
    expect((await hero.json('GET', '/api/narrative/history')).body).toEqual([]);
    // Nobody else can look at it.
    expect((await slow.hero().json('GET', `/api/narrative/jobs/${res.body.jobId}`)).status).toBe(404);

    release();
    const done = await vi.waitFor(async () => {
      const poll = await hero.json('GET', `/api/narrative/jobs/${res.body.jobId}`);
      expect(poll.status).toBe(200);
      return poll.body;
    }, EVENTUALLY);
    expect(done.story.story).toContain('Plant a garden');
    expect((await hero.json('GET', '/api/narrative/history')).body).toEqual([done.story]);
  });

  it('fails a queued epic story with NOTHING_TO_CELEBRATE when the hero took back their one deed meanwhile', async () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const first = slow.hero(undefined, 'Sami');
    await completedQuest(slow, first.userId, 'Learn to knit', 'Spirit', []);
    const hero = slow.hero(undefined, 'Tove');
    const quest = await completedQuest(slow, hero.userId, 'Fix the bike', null, ['New chain']);
    expect((await first.json('POST', '/api/narrative/generate', {})).status).toBe(202);
    const queued = await hero.json('POST', '/api/narrative/generate', {});
    expect(queued.status).toBe(202);

    slow.reopen(hero.userId, quest.id);
    release();
    const failed = await vi.waitFor(async () => {
      const poll = await hero.json('GET', `/api/narrative/jobs/${queued.body.jobId}`);
      expect(poll.status).toBe(400);
      return poll.body;
    }, EVENTUALLY);
    expect(failed).toMatchObject({ code: 'NOTHING_TO_CELEBRATE' });
    expect((await hero.json('GET', '/api/narrative/history')).body).toEqual([]);
    expect(await slow.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(0);
  });
});

describe('a story whose provider fails', () => {
  let flaky: AiHarness;
  const failures = new Map<string, number>();

  beforeAll(async () => {
    const offline = new OfflineProvider();
    // Fails the first `n` tries of a hero named "Fail<n>"; "Broken" never succeeds.
    const provider = Object.assign(Object.create(offline), {
      async story(task: StoryTask, options: CallOptions) {
        const tries = (failures.get(task.heroName) ?? 0) + 1;
        failures.set(task.heroName, tries);
        const limit = task.heroName === 'Broken' ? Number.POSITIVE_INFINITY : Number(task.heroName.slice(4));
        if (tries <= limit)
          throw new AppError('AI_PROVIDER_FAILED', 'The Pathfinder could not be reached (500).');
        return offline.story(task, options);
      },
    });
    flaky = await startAiHarness({}, { provider: () => provider });
  });
  afterAll(() => flaky?.close());

  it('retries the job and answers with the story once a try succeeds', async () => {
    const hero = flaky.hero(undefined, 'Fail1');
    await completedQuest(flaky, hero.userId, 'Learn to swim', 'Health', []);
    const res = await hero.json('POST', '/api/narrative/generate', {});
    expect(res.status).toBe(201);
    expect(failures.get('Fail1')).toBe(2);
  });

  it('after the last try, answers with the reason and keeps the failed story out of the history', async () => {
    const hero = flaky.hero(undefined, 'Broken');
    await completedQuest(flaky, hero.userId, 'Learn to fly', 'Spirit', []);
    const res = await hero.json('POST', '/api/narrative/generate', {});
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'AI_PROVIDER_FAILED',
      message: 'The Pathfinder could not be reached (500).',
    });
    expect(failures.get('Broken')).toBe(3);
    expect((await hero.json('GET', '/api/narrative/history')).body).toEqual([]);
  });
});
