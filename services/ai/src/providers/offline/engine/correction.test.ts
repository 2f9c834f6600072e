import type { ChatMessage } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { advisorTurn } from './advisor.ts';
import { withCorrections } from './coach.ts';
import { applyCorrection, correctionOf, correctWithin } from './correction.ts';

const TODAY = new Date('2026-01-15T12:00:00Z');

function advise(lines: string[]) {
  const history: ChatMessage[] = [];
  return lines.map((message) => {
    const reply = advisorTurn({ message, history: [...history], today: TODAY });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.reply });
    return reply;
  });
}

function planOf(lines: string[]) {
  const plan = advise(lines).at(-1)!.plan;
  expect(plan, lines.join(' / ')).not.toBeNull();
  return {
    title: plan!.goal.title,
    value: plan!.goal.metric.target_value,
    unit: plan!.goal.metric.unit,
    due: plan!.milestones.at(-1)!.due_date,
  };
}

describe('a correction inside one message', () => {
  it('replaces the date it corrects', () => {
    expect(correctWithin('Read 24 books this year... well, by December 31 next year', TODAY)).toBe(
      'Read 24 books by December 31 next year',
    );
    expect(planOf(['Read 24 books this year... well, by December 31 next year']).due).toBe('2027-12-31');
    expect(planOf(['read 8 books by the end of January, no wait, by the end of February']).due).toBe(
      '2026-02-28',
    );
  });

  it('puts a bare number in place of the last number given', () => {
    expect(correctWithin('learn 100 Spanish words in three months, actually make it two', TODAY)).toBe(
      'learn 100 Spanish words in two months',
    );
    expect(planOf(['learn 100 Spanish words in three months, actually make it two']).due).toBe('2026-03-15');
    expect(planOf(['do 40 squats in a row by the end of April, actually 50'])).toMatchObject({ value: 50 });
  });

  it('replaces the amount of the same kind and leaves the date alone', () => {
    expect(correctWithin('limit YouTube to 2 hours a day for 4 weeks, no, make it 90 minutes', TODAY)).toBe(
      'limit YouTube to 90 minutes a day for 4 weeks',
    );
    expect(planOf(['walk 5 times a week for 8 weeks, actually 4 times a week'])).toMatchObject({
      value: 4,
      due: '2026-03-12',
    });
  });

  it('reads a goal restated after the marker as the goal', () => {
    const p = planOf(['I want to run more... no wait, save $6,000 by 31 December']);
    expect(p).toMatchObject({ value: 6000, due: '2026-12-31' });
  });

  it('leaves sentences without a correction as they are', () => {
    for (const text of [
      'drink no more than two coffees a day for 4 weeks',
      'Spend no more than $400 a month on eating out for the next 3 months',
      'squat 80kg by midsummer, say June 21',
      'No sugar for 30 days',
    ]) {
      expect(correctWithin(text, TODAY)).toBe(text);
    }
  });
});

describe('a correction in the next message', () => {
  it('is read as a correction only with something to put in place', () => {
    expect(correctionOf('actually, make it 10 km')).toBe('make it 10 km');
    expect(correctionOf('actually, I am not sure')).toBeNull();
    expect(correctionOf('because I want to feel fit')).toBeNull();
  });

  it('rewrites the earlier statement it corrects', () => {
    expect(withCorrections(['run 5 km a week for 2 months', 'actually, make it 10 km'], TODAY)[0]).toBe(
      'run 10 km a week for 2 months',
    );
    expect(applyCorrection('because I love it', 'by June 30', TODAY, true)).toBeNull();
  });

  it('replaces the amount in the plan', () => {
    const p = planOf(['cycle 50 km a week until the end of May', 'actually, make it 80 km']);
    expect(p).toMatchObject({ value: 80, due: '2026-05-31' });
    expect(p.title).toContain('80');
  });

  it('replaces the date in the plan', () => {
    const p = planOf(['read 12 books by June 30', 'no wait, make that September 30']);
    expect(p).toMatchObject({ value: 12, due: '2026-09-30' });
  });

  it('replaces a sum of money', () => {
    expect(planOf(['save $1,000 for a new bike by May 31', 'actually make it $1,500'])).toMatchObject({
      value: 1500,
      due: '2026-05-31',
    });
  });
});
