import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// Amounts of money: '$5,000', '£3k', '2,000 euros', 'ten thousand dollars', 'save 5000', '20k in savings'.
// No currency named means dollars.

export type MoneyFound = { target: Target; index: number; end: number };

const SCALE = '(k|m|thousand|million|grand)?';
/** Words that make a bare '20k' or '5000' an amount of money rather than a distance or a count. */
const MONEY_CONTEXT =
  /\b(?:sav(?:e|es|ed|ing|ings)|invest\w*|fund|earn\w*|pay(?:ing)? (?:off|down|back)|debt|loan|budget|income|salary|deposit|pension|retirement|net worth)\b/;

const SYMBOL_AMOUNT = new RegExp(
  `([$€£])\\s?(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)\\s*${SCALE}\\b`,
);
/** 'pounds' is money unless the sentence is about body weight. */
const WORDED_AMOUNT = new RegExp(`${NUM}\\s*${SCALE}\\s*(dollars?|bucks|usd|euros?|eur|gbp|pounds?|quid)\\b`);
const WORDED_AMOUNT_NOT_POUNDS = new RegExp(`${NUM}\\s*${SCALE}\\s*(dollars?|bucks|usd|euros?|eur|gbp)\\b`);

function scale(value: number, suffix: string | undefined): number {
  if (suffix === 'k' || suffix === 'thousand' || suffix === 'grand') return value * 1000;
  if (suffix === 'm' || suffix === 'million') return value * 1_000_000;
  return value;
}

function found(value: number, unit: string, m: RegExpExecArray): MoneyFound {
  return { target: { value, unit, kind: 'money' }, index: m.index, end: m.index + m[0].length };
}

/** `text` in lower case. */
export function readMoney(text: string): MoneyFound | null {
  const symbol = SYMBOL_AMOUNT.exec(text);
  if (symbol) return found(scale(Number(symbol[2]!.replace(/,/g, '')), symbol[3]), symbol[1]!, symbol);

  const weighing = /\b(?:lose|losing|gain|weigh\w*|kg|kilos?|body)\b/.test(text);
  const worded = (weighing ? WORDED_AMOUNT_NOT_POUNDS : WORDED_AMOUNT).exec(text);
  if (worded) {
    const base = parseNumberToken(worded[1]!);
    if (base === null) return null;
    const word = worded[3]!;
    const unit = /^(?:euro|eur)/.test(word) ? '€' : /^(?:pound|gbp|quid)/.test(word) ? '£' : '$';
    return found(scale(base, worded[2]), unit, worded);
  }

  if (!MONEY_CONTEXT.test(text)) return null;
  // 'save 5000 by summer', 'have 20k in savings', 'invest 5k in index funds'.
  const bare =
    /(?:^|[^\w.,/:-])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(k|thousand|grand)?(?!\s*(?:%|percent|days?|weeks?|months?|years?|times?|hours?|minutes?|km|miles?|kg|lbs?|am|pm|st|nd|rd|th)\b)(?=\s|[.,!?]|$)/.exec(
      text,
    );
  if (!bare) return null;
  const value = scale(Number(bare[1]!.replace(/,/g, '')), bare[2]);
  // A bare small number is more likely a count than money ('save 3 recipes'); money is typed in hundreds.
  if (value < 50) return null;
  return { target: { value, unit: '$', kind: 'money' }, index: bare.index, end: bare.index + bare[0].length };
}
