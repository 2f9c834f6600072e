import { describe, expect, it } from 'vitest';
import { readCompletion } from './completion.ts';

describe('readCompletion', () => {
  it('reads named courses, exams and certificates without inventing a number', () => {
    expect(readCompletion('finish the CS50 course by 30 April')).toEqual({
      kind: 'course',
      thing: 'the CS50 course',
    });
    expect(readCompletion('Pass the bar exam by July 31, 2026')).toEqual({
      kind: 'exam',
      thing: 'the bar exam',
    });
    expect(readCompletion('pass my driving theory test by 1 March')).toMatchObject({ kind: 'exam' });
    expect(readCompletion('get my AWS Solutions Architect certification by June 30')).toEqual({
      kind: 'certificate',
      thing: 'my AWS Solutions Architect certification',
    });
    expect(readCompletion('Complete the Google Data Analytics Certificate on Coursera')).toMatchObject({
      kind: 'certificate',
      thing: 'the Google Data Analytics Certificate',
    });
    expect(readCompletion('take a first aid course and get certified by 1 May')).toMatchObject({
      kind: 'course',
    });
    expect(readCompletion('study for and pass the CFA Level 1 exam')).toMatchObject({ kind: 'exam' });
  });

  it('reads races and named books as things to finish', () => {
    expect(readCompletion('Complete a triathlon by 20 September')).toMatchObject({ kind: 'race' });
    expect(readCompletion('finish a sprint triathalon by june 30')).toMatchObject({ kind: 'race' });
    expect(readCompletion('finish reading War and Peace by March 31st')).toEqual({
      kind: 'book',
      thing: 'War and Peace',
    });
  });

  it('finds nothing to finish in counted goals and plain projects', () => {
    expect(readCompletion('read 12 books')).toBeNull();
    expect(readCompletion('launch my bakery website')).toBeNull();
  });
});
