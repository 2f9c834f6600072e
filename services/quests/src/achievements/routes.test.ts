import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestsDb, type QuestsDb } from '../db.ts';
import { useQuests } from '../testing/test-kit.ts';

const svc = useQuests();
let db: QuestsDb;
beforeAll(() => {
  db = createQuestsDb(svc.database);
});
afterAll(() => db?.$disconnect());

async function quest(
  userId: string,
  title: string,
  options: { foundation?: string; done?: boolean; completedAt?: string; milestones?: [string, boolean][] },
) {
  return db.goal.create({
    data: {
      userId,
      title,
      foundation: options.foundation ?? null,
      isCompleted: options.done ?? false,
      completedAt: options.done ? new Date(options.completedAt ?? '2026-01-01T00:00:00Z') : null,
      milestones: {
        create: (options.milestones ?? []).map(([t, isCompleted], position) => ({
          userId,
          title: t,
          position,
          xpReward: 25,
          isCompleted,
        })),
      },
    },
  });
}

const achievements = (userId: string) =>
  svc.service('ai').get(`/internal/quests/heroes/${userId}/achievements`);

describe('GET /internal/quests/heroes/:userId/achievements', () => {
  it("lists only this hero's completed quests, newest first, with milestones in order and foundation mastery", async () => {
    const hero = randomUUID();
    const other = randomUUID();
    const saved = await quest(hero, 'Save $3,000', {
      foundation: 'Finance',
      done: true,
      completedAt: '2026-02-01T10:00:00Z',
      milestones: [
        ['Save $1,000', true],
        ['Save $3,000', true],
      ],
    });
    const read = await quest(hero, 'Read 12 books', {
      done: true,
      completedAt: '2026-03-01T10:00:00Z',
      milestones: [['Read 6 books', true]],
    });
    const open = await quest(hero, 'Run a 10K', {
      foundation: 'Health',
      milestones: [
        ['Run 5K', true],
        ['Run 10K', false],
      ],
    });
    await quest(other, "Someone else's victory", { foundation: 'Spirit', done: true });

    const res = await achievements(hero);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      goals: [
        {
          id: read.id,
          title: 'Read 12 books',
          foundation: null,
          completedAt: '2026-03-01T10:00:00.000Z',
          milestones: ['Read 6 books'],
        },
        {
          id: saved.id,
          title: 'Save $3,000',
          foundation: 'Finance',
          completedAt: '2026-02-01T10:00:00.000Z',
          milestones: ['Save $1,000', 'Save $3,000'],
        },
      ],
      // Finance: 1/1 goals and 2/2 milestones; Intelligence (the book quest, by keyword): the same;
      // Health: 0/1 goals and 1/2 milestones average to 25; Spirit has nothing of this hero's.
      foundationProgress: { Finance: 100, Health: 25, Intelligence: 100, Spirit: 0 },
      openGoalIds: [open.id],
      // The open quest's one too: a hero with milestones done has something to celebrate.
      completedMilestones: 4,
    });
  });

  it('answers an empty chronicle for a hero with no quests', async () => {
    const res = await achievements(randomUUID());
    expect(res.body).toEqual({
      goals: [],
      foundationProgress: { Finance: 0, Health: 0, Intelligence: 0, Spirit: 0 },
      openGoalIds: [],
      completedMilestones: 0,
    });
  });

  it('refuses a userId that is not a UUID at the route', async () => {
    const res = await achievements('not-a-hero');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid params: userId must be a valid id',
    });
  });

  it('is internal: a hero identity is refused', async () => {
    const res = await svc.hero().get(`/internal/quests/heroes/${randomUUID()}/achievements`);
    expect(res.status).toBe(403);
  });
});
