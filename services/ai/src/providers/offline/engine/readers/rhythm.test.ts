import { describe, expect, it } from 'vitest';
import { readPerPeriod, readRhythm } from './rhythm.ts';

const perPeriod = (text: string) => readPerPeriod(text.toLowerCase())?.target ?? null;

describe('readPerPeriod', () => {
  it('reads an amount per day or week with its unit', () => {
    expect(perPeriod('walk 10,000 steps a day for 6 weeks')).toEqual({
      value: 10000,
      unit: 'steps',
      kind: 'count',
      per: 'day',
    });
    expect(perPeriod('Hit 8000 steps every day')).toMatchObject({ value: 8000, per: 'day' });
    expect(perPeriod('read 20 pages a day')).toMatchObject({ value: 20, unit: 'pages' });
    expect(perPeriod('study for 10 hours a week')).toMatchObject({ value: 10, unit: 'hours', per: 'week' });
    expect(perPeriod('I want to medidate 15 mins a day')).toMatchObject({ value: 15, unit: 'minutes' });
    expect(perPeriod('practise guitar for 30 minutes daily')).toMatchObject({ value: 30, unit: 'minutes' });
  });

  it('looks past what the amount is of to find the period', () => {
    expect(perPeriod('drink 2 litres of water every day')).toMatchObject({
      value: 2,
      unit: 'litres',
      per: 'day',
    });
    expect(perPeriod('eat 5 portions of vegetables a day')).toMatchObject({ value: 5, unit: 'portions' });
    expect(perPeriod('do 10 minutes of breathing exercises every morning')).toMatchObject({
      value: 10,
      unit: 'minutes',
      per: 'day',
    });
    expect(perPeriod('write 500 words a day on my novel')).toMatchObject({ value: 500, unit: 'words' });
  });

  it('keeps the bound the hero named', () => {
    expect(perPeriod('sleep at least 8 hours a night')).toMatchObject({
      value: 8,
      unit: 'hours',
      bound: 'at-least',
    });
    expect(perPeriod('drink no more than two coffees a day')).toMatchObject({
      value: 2,
      unit: 'coffees',
      bound: 'at-most',
    });
    expect(perPeriod('spend less than 30 minutes a day on my phone')).toMatchObject({
      value: 30,
      bound: 'at-most',
    });
  });

  it('counts sessions in times', () => {
    expect(perPeriod('attend 3 spin classes a week')).toMatchObject({ value: 3, unit: 'times', per: 'week' });
  });

  it('leaves rhythms and money to their own readers', () => {
    expect(perPeriod('run 3 times a week')).toBeNull();
    expect(perPeriod('read 12 books by june')).toBeNull();
  });
});

describe('readRhythm', () => {
  it('reads sessions per week and per day', () => {
    expect(readRhythm('meditate every day')).toEqual({ perWeek: 7 });
    expect(readRhythm('journal every night for 60 days')).toEqual({ perWeek: 7 });
    expect(readRhythm('gym 3 times a week')).toEqual({ perWeek: 3 });
    expect(readRhythm('go to the gym four times a week')).toEqual({ perWeek: 4 });
    expect(readRhythm('play tennis twice a week')).toEqual({ perWeek: 2 });
    expect(readRhythm('call my mum every week')).toEqual({ perWeek: 1 });
    expect(readRhythm('meditate twice a day')).toEqual({ perWeek: 7, perDay: 2 });
    expect(readRhythm('go to bed before 11pm five nights a week')).toEqual({ perWeek: 5 });
    expect(readRhythm('read 12 books')).toBeNull();
    expect(readRhythm('write every single day for 100 days')).toEqual({ perWeek: 7 });
  });

  it('keeps a rhythm sparser than weekly per its own period', () => {
    expect(readRhythm('go to therapy every two weeks')).toMatchObject({ per: 'fortnight', count: 1 });
    expect(readRhythm('volunteer at church twice a month')).toMatchObject({ per: 'month', count: 2 });
    expect(readRhythm('call my parents once a month')).toMatchObject({ per: 'month', count: 1 });
    expect(readRhythm('review my budget monthly')).toMatchObject({ per: 'month', count: 1 });
  });
});
