import { describe, expect, it } from 'vitest';
import { correctSpelling } from './spelling.ts';

describe('correctSpelling', () => {
  it('corrects the misspellings heroes type most', () => {
    expect(correctSpelling('I want to medidate 15 mins a day')).toBe('I want to meditate 15 mins a day');
    expect(correctSpelling('excercise every day')).toBe('exercise every day');
    expect(correctSpelling('by the end of febuary')).toBe('by the end of february');
    expect(correctSpelling('finish a sprint triathalon')).toBe('finish a sprint triathlon');
    expect(correctSpelling('reed 15 books before the end of the year')).toBe(
      'read 15 books before the end of the year',
    );
  });

  it('leaves real words alone', () => {
    expect(correctSpelling('play the reed flute')).toBe('play the reed flute');
    expect(correctSpelling('save $500 for a marathon')).toBe('save $500 for a marathon');
  });
});
