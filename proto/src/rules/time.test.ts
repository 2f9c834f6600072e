import { describe, expect, it } from 'vitest';
import {
  addDays,
  challengeTimeLeft,
  daysBetween,
  daysLeft,
  formatDate,
  timeAgo,
  toIsoDate,
  utcDay,
} from './time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('feed time labels', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [MINUTE, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [45 * DAY, '45d ago'],
  ])('%i ms ago reads %j', (elapsed, label) => {
    expect(timeAgo(before(elapsed), now)).toBe(label);
  });

  it('reads ISO strings as the API sends them', () => {
    expect(timeAgo('2026-03-10T11:30:00Z', now)).toBe('30m ago');
  });

  it('treats a moment slightly in the future as just now', () => {
    expect(timeAgo(before(-5 * SECOND), now)).toBe('Just now');
  });

  it('gives an empty label for an unreadable time', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('challenge days left', () => {
  it('rounds partial days up', () => {
    expect(daysLeft(new Date(now.getTime() + 1.2 * DAY), now)).toBe(2);
    expect(daysLeft(new Date(now.getTime() + 3 * DAY), now)).toBe(3);
  });

  it.each([
    [3 * DAY, '3 days left'],
    [0.5 * DAY, '1 day left'],
    [0, 'Ending soon'],
    [-2 * DAY, 'Ending soon'],
  ])('%i ms before the end reads %j', (remaining, label) => {
    expect(challengeTimeLeft(new Date(now.getTime() + remaining), now)).toBe(label);
  });

  it('reads an unreadable end date as ending soon rather than NaN days', () => {
    expect(challengeTimeLeft('soon', now)).toBe('Ending soon');
  });
});

describe('calendar dates', () => {
  it('formats a due date the same in every time zone', () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDate('2026-12-31T00:00:00.000Z')).toBe('Dec 31, 2026');
  });

  it('shows nothing for an absent or unreadable deadline', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('someday')).toBe('');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2027-12-15', 30)).toBe('2028-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('counts whole calendar days between two dates, negative backwards', () => {
    expect(daysBetween('2026-03-01', '2026-05-30')).toBe(90);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-10', '2026-03-09')).toBe(-1);
    expect(daysBetween('2026-03-10', addDays('2026-03-10', 365))).toBe(365);
  });

  it('places a moment in its UTC calendar day', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toEqual({
      start: new Date('2026-03-01T00:00:00.000Z'),
      end: new Date('2026-03-02T00:00:00.000Z'),
    });
    expect(utcDay('2026-03-02T00:00:00Z').start).toEqual(new Date('2026-03-02T00:00:00.000Z'));
  });

  it('writes a moment as its UTC calendar date', () => {
    expect(toIsoDate(new Date('2026-03-10T23:59:59Z'))).toBe('2026-03-10');
  });
});
