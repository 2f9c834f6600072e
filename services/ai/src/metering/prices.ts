import { z } from 'zod';

/** USD per million tokens, for prompt (input) and completion (output) tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** The model name the offline engine reports; it costs nothing. */
export const OFFLINE_MODEL = 'offline-pathfinder';

/**
 * List prices of common OpenAI models (USD per 1M tokens, standard tier). `AI_PRICES` is merged over
 * this table, so an operator adds a model or corrects a price without a release.
 */
export const DEFAULT_PRICES: PriceTable = {
  [OFFLINE_MODEL]: { input: 0, output: 0 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
};

const PriceOverrides = z.record(
  z.string().min(1),
  z.object({ input: z.number().min(0), output: z.number().min(0) }).strict(),
);

/** Parses `AI_PRICES` (a JSON object of model to `{input, output}`) over the defaults; fails loudly at boot. */
export function loadPriceTable(json: string | undefined): PriceTable {
  if (!json) return DEFAULT_PRICES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('AI_PRICES: must be JSON like {"gpt-4o-mini": {"input": 0.15, "output": 0.6}}');
  }
  const result = PriceOverrides.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `AI_PRICES: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'} (expected {"<model>": {"input": usdPer1M, "output": usdPer1M}})`,
    );
  }
  return Object.freeze({ ...DEFAULT_PRICES, ...result.data });
}

/**
 * The price of a model. Providers answer with dated names ('gpt-4o-mini-2024-07-18'), so the longest
 * table entry that the name starts with wins; null when the table has none.
 */
export function priceOf(table: PriceTable, model: string): ModelPrice | null {
  const exact = table[model];
  if (exact) return exact;
  let best: string | undefined;
  for (const name of Object.keys(table)) {
    if (model.startsWith(`${name}-`) && (!best || name.length > best.length)) best = name;
  }
  return best ? table[best]! : null;
}

/** Cost in USD of one call. */
export function costOf(price: ModelPrice | null, promptTokens: number, completionTokens: number): number {
  if (!price) return 0;
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}
