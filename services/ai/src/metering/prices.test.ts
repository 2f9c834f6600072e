import { describe, expect, it } from 'vitest';
import { costOf, DEFAULT_PRICES, loadPriceTable, OFFLINE_MODEL, priceOf } from './prices.ts';

describe('price table', () => {
  it('merges AI_PRICES over the defaults', () => {
    const table = loadPriceTable(
      '{"llama3.1:8b": {"input": 0.02, "output": 0.05}, "gpt-4o-mini": {"input": 1, "output": 2}}',
    );
    expect(table['llama3.1:8b']).toEqual({ input: 0.02, output: 0.05 });
    expect(table['gpt-4o-mini']).toEqual({ input: 1, output: 2 });
    expect(table['gpt-4o']).toEqual(DEFAULT_PRICES['gpt-4o']);
  });

  it('refuses AI_PRICES that is not JSON or not a price table, naming the variable', () => {
    expect(() => loadPriceTable('gpt-4o: 1')).toThrow(/AI_PRICES: must be JSON/);
    expect(() => loadPriceTable('{"gpt-4o": {"input": -1, "output": 2}}')).toThrow(/AI_PRICES: gpt-4o.input/);
    expect(() => loadPriceTable('{"gpt-4o": {"input": 1}}')).toThrow(/AI_PRICES: gpt-4o.output/);
  });

  it('prices a dated model name by the longest matching entry', () => {
    expect(priceOf(DEFAULT_PRICES, 'gpt-4o-mini-2024-07-18')).toEqual(DEFAULT_PRICES['gpt-4o-mini']);
    expect(priceOf(DEFAULT_PRICES, 'gpt-4o-2024-08-06')).toEqual(DEFAULT_PRICES['gpt-4o']);
    expect(priceOf(DEFAULT_PRICES, 'gpt-4o')).toEqual(DEFAULT_PRICES['gpt-4o']);
    expect(priceOf(DEFAULT_PRICES, 'mistral-large')).toBeNull();
  });

  it('costs prompt and completion tokens at their own rates', () => {
    // 1,000 prompt tokens at $0.15/M plus 500 completion tokens at $0.60/M.
    expect(costOf({ input: 0.15, output: 0.6 }, 1_000, 500)).toBeCloseTo(0.00045, 12);
    expect(costOf(priceOf(DEFAULT_PRICES, OFFLINE_MODEL), 5_000, 5_000)).toBe(0);
    expect(costOf(null, 5_000, 5_000)).toBe(0);
  });
});
