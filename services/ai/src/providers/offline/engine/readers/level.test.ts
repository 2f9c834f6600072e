import { describe, expect, it } from 'vitest';
import { readLevel } from './level.ts';

describe('readLevel', () => {
  it('reads CEFR levels as an ordinal', () => {
    expect(readLevel('reach b1 in spanish')).toEqual({ value: 3, unit: 'CEFR level', kind: 'level' });
    expect(readLevel('reach b2 in french by the end of the year')).toMatchObject({ value: 4 });
    expect(readLevel('get my spanish to a2 level within 6 months')).toMatchObject({ value: 2 });
  });

  it('leaves a level in the name of an exam to the exam', () => {
    expect(readLevel('sit the cambridge c2 proficiency exam on 20 june')).toBeNull();
  });

  it('needs a language or level context', () => {
    expect(readLevel('fill form b1 by friday')).toBeNull();
  });
});
