import { expect, it } from 'vitest';
import { chartPoints, dailyTotals } from './xpChart.ts';

it('closes each day at the total it ended with, a reopening taking XP back', () => {
  const items = [
    { at: '2026-01-07T10:00:00.000Z', amount: 5, reason: 'logging_daily' },
    { at: '2026-01-05T12:00:00.000Z', amount: -50, reason: 'milestone_reopened' },
    { at: '2026-01-05T09:00:00.000Z', amount: 50, reason: 'milestone_completed' },
    { at: '2026-01-04T09:00:00.000Z', amount: 30, reason: 'milestone_completed' },
  ];
  expect(dailyTotals(items, 35)).toEqual([
    { day: '2026-01-03', total: 0 },
    { day: '2026-01-04', total: 30 },
    { day: '2026-01-05', total: 30 },
    { day: '2026-01-07', total: 35 },
  ]);
  expect(dailyTotals([], 0)).toEqual([]);
});

it('places days by date across the width and totals up the height', () => {
  const points = chartPoints(
    [
      { day: '2026-01-01', total: 0 },
      { day: '2026-01-03', total: 100 },
      { day: '2026-01-05', total: 50 },
    ],
    200,
    100,
  );
  expect(points.map(({ x, y }) => [x, y])).toEqual([
    [0, 100],
    [100, 0],
    [200, 50],
  ]);
});
