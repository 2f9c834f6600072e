// Reading and writing the numbers heroes type: digits with separators, '5k', and small number words.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
};

const SMALL_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';

/**
 * Number words the readers accept: 'twelve', 'twenty-five', 'ten thousand', 'a dozen'; whole words only
 * ('ten' is not in 'tennis'). Excludes a bare 'a', which is too common to mean one.
 */
export const NUMBER_WORD_PATTERN = `(?:a dozen|dozen|a hundred|a thousand|(?:${SMALL_WORDS})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?(?:[- ](?:hundred|thousand))?|hundred|thousand)(?![a-z])`;

/** One number as typed, captured: '12', '5,000', '2.5', or number words. */
export const NUM = `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|${NUMBER_WORD_PATTERN})`;

/** A number token as typed: '12', '5,000', '2.5', '5k', 'twelve', 'twenty-five', 'a dozen'. */
export function parseNumberToken(token: string): number | null {
  const t = token.trim().toLowerCase().replace(/^a\s+/, '');
  const digits = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(k|m)?$/.exec(t);
  if (digits) {
    const base = Number(`${digits[1]!.replace(/,/g, '')}${digits[2] ? `.${digits[2]}` : ''}`);
    if (digits[3] === 'k') return base * 1000;
    if (digits[3] === 'm') return base * 1_000_000;
    return base;
  }
  const parts = t.split(/[- ]+/).filter(Boolean);
  if (parts.length === 0) return null;
  let total = 0;
  for (const part of parts) {
    const value = UNITS[part];
    if (value === undefined) return null;
    total = value === 100 || value === 1000 ? Math.max(total, 1) * value : total + value;
  }
  return total;
}

// toLocaleString builds a new Intl.NumberFormat on every call, a third of a coach reply's time: the
// formats are made once per number of decimals instead (the same output).
const formats = new Map<number, Intl.NumberFormat>();

function formatWith(value: number, decimals: number): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}

/** Up to `decimals` decimals, thousands separated: 5000 -> '5,000', 1.25 -> '1.3'. */
export function formatNumber(value: number, decimals = 1): string {
  return formatWith(value, decimals);
}

/** '$5,000' (cents only when needed). */
export function formatMoney(value: number, symbol: string): string {
  return `${symbol}${formatWith(value, value % 1 === 0 ? 0 : 2)}`;
}

/** 'mm:ss', or 'h:mm:ss' from an hour up: the product's 'min:s' display. */
export function formatClock(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** Agrees a unit with its number: one 'books' is a 'book', one 'case studies' a 'case study'. */
export function unitFor(n: number, unit: string): string {
  if (/^(?:kg|lb|km|mi|min:s|%|\$|€|£|CEFR level)$/.test(unit)) return unit;
  if (n === 1) return unit.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
  // Units are kept in the plural; one that is not is the hero's own word after a number ('500 kanji').
  return unit;
}
