import { describe, expect, it } from 'vitest';
import { boundAfter, boundBefore } from './bounds.ts';

describe('boundBefore', () => {
  it('reads ceilings: under, no more than, down to, limit to', () => {
    expect(boundBefore('cut back to under ')).toBe('at-most');
    expect(boundBefore('drink no more than ')).toBe('at-most');
    expect(boundBefore('get my coffee down to ')).toBe('at-most');
    expect(boundBefore('limit myself to ')).toBe('at-most');
    expect(boundBefore('spend less than ')).toBe('at-most');
  });

  it('reads floors: at least, a minimum of', () => {
    expect(boundBefore('sleep at least ')).toBe('at-least');
    expect(boundBefore('walk a minimum of ')).toBe('at-least');
  });

  it('finds no bound in a plain amount', () => {
    expect(boundBefore('read ')).toBeNull();
    expect(boundBefore('walk ')).toBeNull();
  });
});

describe('boundAfter', () => {
  it("reads 'or less' and 'or more' after the amount", () => {
    expect(boundAfter(' or less a day')).toBe('at-most');
    expect(boundAfter(' or more every night')).toBe('at-least');
    expect(boundAfter(' a day')).toBeNull();
  });
});
