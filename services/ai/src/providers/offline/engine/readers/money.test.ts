import { describe, expect, it } from 'vitest';
import { readMoney } from './money.ts';

const amount = (text: string) => {
  const found = readMoney(text.toLowerCase());
  return found ? [found.target.value, found.target.unit] : null;
};

describe('readMoney', () => {
  it('reads amounts with a currency symbol, separators and k', () => {
    expect(amount('save $5,000 by June')).toEqual([5000, '$']);
    expect(amount('Save £3,000 for a deposit')).toEqual([3000, '£']);
    expect(amount('an emergency fund of €6,000')).toEqual([6000, '€']);
    expect(amount('save $5k for a trip')).toEqual([5000, '$']);
    expect(amount('pay off my car loan ($8,500)')).toEqual([8500, '$']);
  });

  it('reads currencies in words, numbers in words', () => {
    expect(amount('save ten thousand dollars in 2 years')).toEqual([10000, '$']);
    expect(amount('save 500 euros for a bike')).toEqual([500, '€']);
    expect(amount('save up 1,200 pounds for a holiday')).toEqual([1200, '£']);
    expect(amount('i want to save 3000 bucks')).toEqual([3000, '$']);
    expect(amount('two thousand dollars')).toEqual([2000, '$']);
  });

  it('reads a bare amount only where the sentence is about money', () => {
    expect(amount("I'd like to have 20k in savings by March")).toEqual([20000, '$']);
    expect(amount('invest 5k in index funds')).toEqual([5000, '$']);
    expect(amount('I want to save 5000 by summer')).toEqual([5000, '$']);
    expect(amount('run a 5k')).toBeNull();
    expect(amount('walk 5000 steps')).toBeNull();
  });

  it('does not take pounds of body weight for money', () => {
    expect(amount('lose 10 pounds')).toBeNull();
  });
});
