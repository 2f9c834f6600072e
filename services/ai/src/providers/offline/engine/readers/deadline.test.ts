import { describe, expect, it } from 'vitest';
import { toIsoDate } from './calendar.ts';
import { declinesDeadline, easterSunday, readDeadline } from './deadline.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');

describe('easterSunday', () => {
  it('is the Gregorian computus', () => {
    expect(['2024', '2026', '2027', '2038'].map((y) => toIsoDate(easterSunday(Number(y))))).toEqual([
      '2024-03-31',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });
});

describe('readDeadline', () => {
  const cases: Array<[string, string]> = [
    ['I want to lose 5 kg by June 1', '2025-06-01'],
    ['in three months', '2025-04-15'],
    ['within 90 days', '2025-04-15'],
    ['in 6 weeks', '2025-02-26'],
    ['by the end of the year', '2025-12-31'],
    ['by the end of March', '2025-03-31'],
    ['by the end of the month', '2025-01-31'],
    ['read 20 books this year', '2025-12-31'],
    ['by December', '2025-12-01'],
    // chrono leaves 'May' alone (it is also a verb); after a word that asks for a date it is the month.
    ['read 12 books by May', '2025-05-01'],
    ['read 12 books in May', '2025-05-31'],
    ['save $500 by mid May', '2025-05-15'],
    ['walk 10,000 steps a day for the whole of March', '2025-03-31'],
    ['run every day throughout February', '2025-02-28'],
    ['run 3 half marathons next year', '2026-12-31'],
    ['finish the 1000 piece puzzle this month', '2025-01-31'],
    ['read 2 books next month', '2025-02-28'],
    ['save $300 by next month', '2025-02-01'],
    // A span, not next month's end.
    ['check my email twice a day for the next month', '2025-02-15'],
    // Holidays that move: Easter Sunday 2025 is April 20; Thanksgiving the fourth Thursday of November.
    ['meditate 20 minutes daily until Easter', '2025-04-20'],
    ['lose 5 kg by Thanksgiving', '2025-11-27'],
    ['read 3 books by new year', '2026-01-01'],
    ['lose 2 stone by Christmas next year', '2026-12-25'],
    ['until Easter next year', '2026-04-05'],
    ['a marathon in October', '2025-10-31'],
    ['by 2026', '2025-12-31'],
    ['in 2026', '2026-12-31'],
    ['by summer', '2025-06-21'],
    ['by Christmas', '2025-12-25'],
    ['by mid-March', '2025-03-15'],
    ['in a couple of months', '2025-03-15'],
    ['for the next 60 days', '2025-03-16'],
    ['for a month', '2025-02-15'],
    ['a 30 day streak', '2025-02-14'],
    ['deadline: 2025-09-30', '2025-09-30'],
    ['by 1 June 2025', '2025-06-01'],
    // Dates already past this year roll forward to next year.
    ['by January 10', '2026-01-10'],
  ];
  for (const [text, date] of cases) {
    it(`"${text}" -> ${date}`, () => expect(readDeadline(text, TODAY)?.date).toBe(date));
  }

  const notDeadlines = [
    'run 5k under 30 minutes',
    'meditate 10 minutes a day',
    'go to the gym 3 times a week',
    'work out 4 days a week',
    'call my mum every Monday',
    'march forward with courage',
    'I may want to read more',
    'by yesterday',
    'I want to read 12 books',
  ];
  for (const text of notDeadlines) {
    it(`"${text}" has no deadline`, () => expect(readDeadline(text, TODAY)).toBeNull());
  }

  it('returns the words that named the deadline', () => {
    expect(readDeadline('read 12 books by December because I love it', TODAY)?.phrase).toBe('by December');
    expect(readDeadline('walk 10,000 steps a day for the whole of March', TODAY)?.phrase).toBe(
      'for the whole of March',
    );
    expect(readDeadline('read 12 books by May', TODAY)?.phrase).toBe('by May');
    expect(readDeadline('climb Kilimanjaro by next September', TODAY)?.phrase).toBe('by next September');
  });

  it("reads 'by January' said on the first of January as the next January, as on any later day of it", () => {
    const newYearsDay = new Date('2025-01-01T10:00:00Z');
    expect(readDeadline('save $500 until January', newYearsDay)?.date).toBe('2026-01-01');
    expect(readDeadline('save $500 until January', TODAY)?.date).toBe('2026-01-01');
    expect(readDeadline('read 2 books in January', newYearsDay)?.date).toBe('2025-01-31');
    expect(readDeadline('no alcohol in January', TODAY)?.date).toBe('2025-01-31');
  });

  it('depends only on the injected today', () => {
    expect(readDeadline('in three months', new Date('2030-11-30T23:59:00Z'))?.date).toBe('2031-02-28');
  });
});

describe('declinesDeadline', () => {
  it('recognises a hero who has no date in mind', () => {
    for (const text of ['no rush', 'whenever', 'no deadline really', 'not sure when'])
      expect(declinesDeadline(text)).toBe(true);
    expect(declinesDeadline('by June')).toBe(false);
  });
});

describe('a date followed by the year it falls in', () => {
  const today = new Date('2026-01-15T12:00:00Z');
  it("moves 'December 31 next year' to next year's December 31, and keeps the words in the phrase", () => {
    expect(readDeadline('by December 31 next year', today)).toEqual({
      date: '2027-12-31',
      phrase: 'by December 31 next year',
    });
    expect(readDeadline('by 31 March of next year', today)?.date).toBe('2027-03-31');
    expect(readDeadline('by 31 March', today)?.date).toBe('2026-03-31');
  });
});
