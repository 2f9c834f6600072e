import { Plan } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { buildMilestonePlan, GOAL_XP, milestoneCount, xpBonuses } from './milestones.ts';
import type { Target } from './readers/quantity.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');

describe('buildMilestonePlan', () => {
  it('labels reading checkpoints in books, spread evenly to the deadline', () => {
    const plan = buildMilestonePlan({
      title: 'Read 12 books',
      target: { value: 12, unit: 'books', kind: 'count' },
      deadline: '2025-03-15',
      today: TODAY,
    });
    expect(plan.map((m) => m.label)).toEqual([
      'Read 3 of 12 books',
      'Read 6 of 12 books',
      'Read 9 of 12 books',
      'Read all 12 books',
    ]);
    expect(plan.map((m) => m.due_date)).toEqual(['2025-01-30', '2025-02-14', '2025-02-28', '2025-03-15']);
  });

  it('labels savings in money', () => {
    const plan = buildMilestonePlan({
      title: 'Save $5,000',
      target: { value: 5000, unit: '$', kind: 'money' },
      deadline: '2025-03-15',
      today: TODAY,
    });
    expect(plan[0]!.label).toBe('Save $1,250 of $5,000');
    expect(plan.at(-1)!.label).toBe('Save the full $5,000');
  });

  it('steps a min:s target down to the goal time after measuring a baseline', () => {
    const plan = buildMilestonePlan({
      title: 'Run 5k under 30 minutes',
      target: { value: 1800, unit: 'min:s', kind: 'time', distanceKm: 5 },
      deadline: '2025-04-15',
      today: TODAY,
    });
    expect(plan[0]!.label).toMatch(/baseline/);
    expect(plan.at(-1)!.label).toBe('Run 5 km in under 30:00');
    const times = plan.slice(1).map((m) =>
      m.label
        .match(/under (\d+):(\d\d)/)!
        .slice(1)
        .map(Number),
    );
    const seconds = times.map(([m, s]) => m! * 60 + s!);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]!).toBeLessThan(seconds[i - 1]!);
  });

  const labels = (title: string, target: Target, deadline = '2025-03-15') =>
    buildMilestonePlan({ title, target, deadline, today: TODAY }).map((m) => m.label);

  it('measures where the hero starts before a score or a share to reach', () => {
    expect(
      labels('Get my credit score above 750', { value: 750, unit: 'credit score', kind: 'score' }),
    ).toEqual([
      'Check your credit score and note where you start',
      '33% of the way from your start to a credit score of 750',
      '67% of the way from your start to a credit score of 750',
      'Reach a credit score of 750',
    ]);
    expect(labels('Reduce my body fat to 15%', { value: 15, unit: '% body fat', kind: 'score' })).toEqual([
      'Measure your body fat and note where you start',
      '33% of the way from your start to 15% body fat',
      '67% of the way from your start to 15% body fat',
      'Reach 15% body fat',
    ]);
  });

  it("steps a change by a share in the hero's own words", () => {
    expect(labels('Cut screen time by 40%', { value: 40, unit: '%', kind: 'percent' })).toEqual([
      'Cut screen time by 10%',
      'Cut screen time by 20%',
      'Cut screen time by 30%',
      'Cut screen time by 40%',
    ]);
  });

  it('keeps a rhythm in the words of the title that states it', () => {
    expect(
      labels('Go to the gym 3 times a week', { value: 3, unit: 'times', kind: 'sessions', per: 'week' }),
    ).toEqual([
      'Go to the gym 3 times a week for 2 weeks',
      'Go to the gym 3 times a week for 4 weeks',
      'Go to the gym 3 times a week for 6 weeks',
      'Go to the gym 3 times a week, all the way to the finish',
    ]);
    // A title that names the goal before its amount ('Walk more: ...') leaves the label to the amount.
    expect(
      labels('Walk more: 8,000 steps a day', { value: 8000, unit: 'steps', kind: 'count', per: 'day' })[0],
    ).toBe('Walk 8,000 steps a day for 2 weeks');
    expect(
      labels('Drink 2 litres of water every day', { value: 2, unit: 'litres', kind: 'count', per: 'day' })[0],
    ).toBe('Drink 2 litres of water every day for 2 weeks');
  });

  it("counts with the verb before the number, logs hours that add up, and keeps the hero's word", () => {
    const hours = { value: 50, unit: 'hours', kind: 'count' } as const;
    expect(labels('Volunteer 50 hours at the food bank', hours)[0]).toBe('Volunteer 13 of 50 hours');
    expect(labels('Give my time to the food bank: 50 hours', hours)[0]).toBe('Log 13 of 50 hours');
    expect(labels('Apply to 30 jobs', { value: 30, unit: 'jobs', kind: 'count' })[0]).toBe(
      'Apply to 8 of 30 jobs',
    );
    expect(labels('Learn 500 Japanese kanji', { value: 500, unit: 'kanji', kind: 'count' }).at(-1)).toBe(
      'Learn all 500 kanji',
    );
  });

  it('goes through two things one at a time, and trains for two events', () => {
    expect(labels('Read 2 books', { value: 2, unit: 'books', kind: 'count' }, '2025-06-15')).toEqual([
      'Choose your first book and set aside the time',
      'Halfway through the first book',
      'Read the first book',
      'Halfway through the second book',
      'Read the second book',
    ]);
    expect(
      labels('Run 2 half marathons', { value: 2, unit: 'half marathons', kind: 'count' }, '2025-01-25'),
    ).toEqual([
      'Choose your first half marathon and set aside the time',
      'Run the first half marathon',
      'Run the second half marathon',
    ]);
    expect(
      labels('Run 2 half marathons', { value: 2, unit: 'half marathons', kind: 'count' }, '2025-06-15')[1],
    ).toBe('Train and prepare for the first half marathon');
  });

  it('practises a skill, arranges an undertaking, and drafts only what is made', () => {
    const stages = (title: string) =>
      buildMilestonePlan({ title, target: null, deadline: '2025-05-15', today: TODAY }).map((m) => m.label);
    expect(stages('Do a handstand')).toEqual([
      'Find a guide or a class and learn the first steps',
      'Practise a few times a week',
      'Keep practising: 50% of the way',
      'Try it in full and note what to improve',
      'Do a handstand',
    ]);
    expect(stages('Move to Spain')).toEqual([
      'Find out what it takes and what it costs',
      'Make the plan and set the budget',
      'Take the next steps: 50% of the way',
      'Book and arrange what is needed',
      'Move to Spain',
    ]);
    expect(stages('Build a website for my bakery')[1]).toBe('Produce a first draft or prototype');
  });

  it('speaks to the hero about their own things, and trains a race by running', () => {
    const belt = buildMilestonePlan({
      title: 'Get my black belt',
      target: null,
      deadline: '2025-05-15',
      today: TODAY,
      completion: { thing: 'my black belt', what: 'certificate' },
    }).map((m) => m.label);
    expect(belt[0]).toBe('Plan your route to your black belt');
    expect(belt.at(-1)).toBe('Earn your black belt');
    const race = labels('Complete a 10k race', { value: 10, unit: 'km', kind: 'distance' }, '2025-05-15');
    expect(race[0]).toMatch(/^Run [\d.]+ km without stopping$/);
    expect(race.at(-1)).toBe('Complete 10 km');
  });

  it('steps towards a new job or a promotion in their own terms', () => {
    const job = buildMilestonePlan({
      title: 'Get a job as a data analyst',
      target: null,
      deadline: '2025-05-15',
      today: TODAY,
    });
    expect(job.map((m) => m.label)).toEqual([
      'Find out what the role asks for and where you stand',
      'Update your CV and profile',
      'Apply, and ask for referrals and feedback',
      'Prepare and practise for interviews',
      'Finish: Get a job as a data analyst',
    ]);
    const promotion = buildMilestonePlan({
      title: 'Get promoted to senior engineer',
      target: null,
      deadline: '2025-02-20',
      today: TODAY,
    });
    expect(promotion.map((m) => m.label)).toEqual([
      'Ask what the next level asks of you and where you stand',
      'Ask for feedback on your progress',
      'Make your case for the promotion',
      'Finish: Get promoted to senior engineer',
    ]);
  });

  it("grows a daily streak in the hero's words", () => {
    const days = { value: 21, unit: 'days', kind: 'sessions' } as const;
    expect(labels('Make my bed every day', days)).toEqual([
      'Make my bed every day for 5 days',
      'Make my bed every day for 11 days',
      'Make my bed every day for 16 days',
      'Make my bed every day for all 21 days',
    ]);
    expect(labels('Stop biting my nails: 21-day streak', days)[0]).toBe('Stop biting my nails for 5 days');
  });

  it('names stages for a goal without a number', () => {
    const plan = buildMilestonePlan({
      title: 'Launch my website',
      target: null,
      deadline: '2025-01-25',
      today: TODAY,
    });
    expect(plan).toHaveLength(3);
    expect(plan[0]!.label).toMatch(/Map the steps/);
    expect(plan[1]!.label).toBe('Reach the halfway point');
    expect(plan[2]!.label).toBe('Finish: Launch my website');
  });

  it('never makes more checkpoints than there are things to count', () => {
    const plan = buildMilestonePlan({
      title: 'Publish 3 case studies',
      target: { value: 3, unit: 'case studies', kind: 'count' },
      deadline: '2025-12-31',
      today: TODAY,
    });
    expect(plan.map((m) => m.label)).toEqual([
      'Publish 1 of 3 case studies',
      'Publish 2 of 3 case studies',
      'Publish all 3 case studies',
    ]);
  });

  it('uses 3 to 6 milestones depending on the span', () => {
    expect([7, 14, 15, 60, 61, 180, 181, 400].map(milestoneCount)).toEqual([3, 3, 4, 4, 5, 5, 6, 6]);
    const target: Target = { value: 100, unit: 'pages', kind: 'count' };
    for (const [deadline, count] of [
      ['2025-01-25', 3],
      ['2025-03-01', 4],
      ['2025-06-01', 5],
      ['2026-01-15', 6],
    ] as const) {
      expect(buildMilestonePlan({ title: 'Read 100 pages', target, deadline, today: TODAY })).toHaveLength(
        count,
      );
    }
  });

  it('ends on the deadline, with due dates rising and all after today', () => {
    const plan = buildMilestonePlan({
      title: 'Lose 6 kg',
      target: { value: 6, unit: 'kg', kind: 'weight', direction: 'lose' },
      deadline: '2025-09-01',
      today: TODAY,
    });
    expect(plan.at(-1)!.due_date).toBe('2025-09-01');
    for (let i = 0; i < plan.length; i++) {
      expect(Plan.shape.milestones.element.safeParse(plan[i]).success).toBe(true);
      expect(plan[i]!.due_date > '2025-01-15').toBe(true);
      if (i > 0) expect(plan[i]!.due_date > plan[i - 1]!.due_date).toBe(true);
    }
  });

  it('milestone XP always sums to the goal total', () => {
    const targets: Array<Target | null> = [
      null,
      { value: 12, unit: 'books', kind: 'count' },
      { value: 5000, unit: '$', kind: 'money' },
      { value: 1800, unit: 'min:s', kind: 'time', distanceKm: 5 },
      { value: 3, unit: 'CEFR level', kind: 'level' },
    ];
    for (const target of targets) {
      for (const deadline of ['2025-01-20', '2025-02-28', '2025-06-30', '2026-06-30']) {
        for (const totalXp of [1, 100, 333, 500, 997]) {
          const plan = buildMilestonePlan({ title: 'Quest', target, deadline, today: TODAY, totalXp });
          expect(plan.reduce((sum, m) => sum + m.xp_reward, 0)).toBe(totalXp);
          for (const m of plan) expect(Number.isInteger(m.xp_reward)).toBe(true);
        }
      }
    }
  });

  it('defaults the total XP to the difficulty of the pace', () => {
    const total = (target: Target, deadline: string) =>
      buildMilestonePlan({ title: 'Read', target, deadline, today: TODAY }).reduce(
        (s, m) => s + m.xp_reward,
        0,
      );
    const books = (n: number): Target => ({ value: n, unit: 'books', kind: 'count' });
    expect(total(books(6), '2025-12-31')).toBe(GOAL_XP.easy);
    expect(total(books(30), '2025-06-01')).toBe(GOAL_XP.medium);
    expect(total(books(30), '2025-03-15')).toBe(GOAL_XP.hard);
  });

  it('reproduces the fallback split: 100 XP over 30/60/90 days is 25/25/50', () => {
    const plan = buildMilestonePlan({
      title: 'Quest',
      target: null,
      deadline: '2025-04-15',
      today: TODAY,
      totalXp: 100,
      count: 3,
    });
    expect(plan.map((m) => m.xp_reward)).toEqual([25, 25, 50]);
    expect(plan.map((m) => m.due_date)).toEqual(['2025-02-14', '2025-03-16', '2025-04-15']);
  });
});

describe('XP helpers', () => {
  it('bonuses are 10% of the goal for an early milestone and 5 XP for a daily log', () => {
    expect(xpBonuses(500)).toEqual({ early_milestone: 50, logging_daily: 5 });
  });
});
