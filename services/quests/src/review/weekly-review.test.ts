import { randomUUID } from 'node:crypto';
import { startTestModules, type TestModules, useTestModules } from '@lifequest/platform/testing';
import { weekdayOf } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { createQuestsModule } from '../index.ts';
import { createGoal } from '../testing/test-kit.ts';
import { atRiskReason } from './at-risk.ts';
import { mondayOf } from './weekly-review.ts';

let now = new Date();
const quests = useTestModules([createQuestsModule({ now: () => now })]);

async function review(svc: TestModules, requestedBy: string | null = null, settle = true) {
  const { id } = await svc.jobs.enqueue('weekly-review', { requestedBy });
  const done = await svc.jobs.waitFor<{ outcome: string; summary: string }>('weekly-review', id, 30_000);
  expect(done.result?.outcome, done.result?.summary).toBe('succeeded');
  if (settle) await svc.settled();
  return done.result?.summary;
}

/** A hero in Tokyo with one quest behind (its next milestone due 2026-12-15) and one on track. */
async function heroWithQuests(svc: TestModules) {
  // Made on a fixed day before every due date (quests refuses a due date already past by its clock),
  // whatever day an earlier test left the clock on or the real one shows.
  now = new Date('2026-11-02T09:00:00.000Z');
  const userId = randomUUID();
  await svc.publish('user.updated', { userId, timezone: 'Asia/Tokyo' }, userId);
  const hero = svc.hero(userId);
  const behind = await createGoal(hero, {
    title: 'Run a 5K',
    milestones: [
      { title: 'Run 3K', due_date: '2026-12-15' },
      { title: 'Run 5K', due_date: '2027-06-01' },
    ],
  });
  await createGoal(hero, {
    title: 'Read 12 books',
    deadline: '2030-01-01',
    milestones: [{ title: 'Book one', due_date: '2029-03-01' }],
  });
  return { userId, behind };
}

const flagsOf = (svc: TestModules, userId: string) =>
  svc.publishedOf('quest.at_risk').filter((e) => e.payload.userId === userId);

describe('atRiskReason', () => {
  const milestones = (done: number, total: number) =>
    Array.from({ length: total }, (_, i) => ({
      title: `Step ${i + 1}`,
      dueDate: null,
      isCompleted: i < done,
      position: i,
    }));
  it('flags an overdue next milestone, and a share done trailing the time gone by more than the margin', () => {
    const overdue = [{ title: 'Run 3K', dueDate: '2026-03-01', isCompleted: false, position: 0 }];
    expect(atRiskReason({ startedOn: '2026-01-01', deadline: null, milestones: overdue }, '2026-03-02')).toBe(
      'Its next milestone “Run 3K” was due 2026-03-01.',
    );
    expect(
      atRiskReason({ startedOn: '2026-01-01', deadline: null, milestones: overdue }, '2026-03-01'),
    ).toBeNull();
    const quest = { startedOn: '2026-01-01', deadline: '2026-01-11' };
    // 60% of the time gone, 1 of 4 done (25%): 35 points behind.
    expect(atRiskReason({ ...quest, milestones: milestones(1, 4) }, '2026-01-07')).toBe(
      '1 of 4 milestones done with 60% of its time gone.',
    );
    // 2 of 4 (50%): within the 25-point margin.
    expect(atRiskReason({ ...quest, milestones: milestones(2, 4) }, '2026-01-07')).toBeNull();
  });
});

describe('the weekly review', () => {
  it('runs on the hero’s Monday morning, flags the quest behind, and once a week however often it runs', async () => {
    const { userId, behind } = await heroWithQuests(quests);
    expect(weekdayOf('2027-01-04')).toBe(1);
    // Monday 4 January 2027, 05:00 in Tokyo: too early.
    now = new Date('2027-01-03T20:00:00.000Z');
    await review(quests);
    expect(flagsOf(quests, userId)).toEqual([]);
    // 08:00 in Tokyo (still Sunday in UTC): reviewed.
    now = new Date('2027-01-03T23:00:00.000Z');
    await review(quests);
    await review(quests);
    now = new Date('2027-01-06T02:00:00.000Z');
    await review(quests, 'an-admin');
    expect(flagsOf(quests, userId).map((e) => e.payload)).toEqual([
      {
        userId,
        goalId: behind.id,
        title: 'Run a 5K',
        reason: 'Its next milestone “Run 3K” was due 2026-12-15.',
        week: '2027-01-04',
      },
    ]);
    // The next Monday is another week.
    now = new Date('2027-01-10T23:00:00.000Z');
    await review(quests);
    expect(flagsOf(quests, userId).map((e) => e.payload.week)).toEqual(['2027-01-04', '2027-01-11']);
    expect((await quests.service('admin').get('/internal/quests/jobs')).body).toMatchObject([
      { name: 'weekly-review', outcome: 'succeeded', summary: '1 heroes reviewed, 1 quests at risk' },
      { name: 'data-transfer-expiry' },
    ]);
  });

  it('an admin’s run reviews every hero at once, in the week they are in', async () => {
    const { userId } = await heroWithQuests(quests);
    now = new Date('2027-02-03T12:00:00.000Z');
    await review(quests, 'an-admin');
    expect(flagsOf(quests, userId).map((e) => e.payload.week)).toEqual([mondayOf('2027-02-03')]);
  });

  it('with two workers at the same moment, flags each quest once', async () => {
    const other = await startTestModules([createQuestsModule({ now: () => now })], {
      database: quests.database,
    });
    try {
      const { userId } = await heroWithQuests(quests);
      now = new Date('2027-03-07T23:30:00.000Z');
      await Promise.all([
        review(quests, null, false),
        review(other, null, false),
        review(other, null, false),
      ]);
      await quests.settled();
      // Both relays publish the shared schema's outbox: the same event may be seen by both.
      const flagged = new Set([...flagsOf(quests, userId), ...flagsOf(other, userId)].map((e) => e.id));
      expect(flagged.size).toBe(1);
    } finally {
      await other.close();
    }
  });
});
