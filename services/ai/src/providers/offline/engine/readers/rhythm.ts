import { boundAfter, boundBefore } from './bounds.ts';
import { NUM, parseNumberToken } from './numbers.ts';
import type { Period, Target } from './quantity.ts';

// Per-day and per-week amounts: '10,000 steps a day', '2 litres of water every day', 'at least 8 hours
// a night', '10 hours a week', and rhythms of sessions: 'every day', '3 times a week', 'twice a day'.

const PERIOD_WORDS =
  '(?:(?:a|per|each|every|/)\\s*(?:single\\s+)?(day|night|morning|evening|week|month)\\b|(daily|nightly|weekly|monthly)\\b)';

/** The period a word names: 'weekly' and 'week' a week, 'night' and 'daily' a day. */
export function periodOf(word: string | undefined): Period {
  if (word && /^(?:fortnight|two weeks|2 weeks|other week|biweekly)/.test(word)) return 'fortnight';
  if (word && /^week/.test(word)) return 'week';
  if (word && /^month/.test(word)) return 'month';
  return 'day';
}

const UNIT_NAMES: Array<[RegExp, string]> = [
  [/^(?:mins?|minutes?)$/, 'minutes'],
  [/^(?:hrs?|hours?)$/, 'hours'],
  [/^(?:secs?|seconds?)$/, 'seconds'],
  [/^(?:l|litres?|liters?)$/, 'litres'],
  [/^(?:g|grams?)$/, 'grams'],
  [/^(?:cup)$/, 'cups'],
  [/^(?:glass)$/, 'glasses'],
];

/** One spelling per unit, plural: 'mins' -> 'minutes', 'cup' -> 'cups'. */
export function unitName(word: string): string {
  for (const [pattern, name] of UNIT_NAMES) if (pattern.test(word)) return name;
  if (/(?:s|ch|sh|x)$/.test(word) && !/[^s]s$/.test(word)) return `${word}es`;
  return /s$/.test(word) ? word : `${word}s`;
}

/** Words that can be counted per day but are not amounts ('3 times a day' is a rhythm, '$5 a day' money). */
const NOT_AN_AMOUNT =
  /^(?:times?|x|days?|nights?|mornings?|evenings?|sessions?|weeks?|months?|years?|dollars?|bucks|euros?|pounds?|of|a|an|the|to|in|by|for|at|on)$/;

const SESSION_WORDS =
  /^(?:classes|sessions|workouts|runs|swims|rides|visits|walks|hikes|matches|games|trainings)$/;

export type PerPeriodFound = { target: Target & { per: Period }; index: number };

/** Global: only read through matchAll, which matches on a copy. */
const PER_PERIOD = new RegExp(
  `(?:^|[^\\w$€£.,:/-])${NUM}(?![.,]?\\d)\\s*([a-z][a-z'-]*)(?:\\s+([a-z][a-z'-]*))?\\b(?:\\s+(?:of|on|in|for|with)\\b(?:\\s+[a-z][a-z'-]*){1,3}?)?\\s*${PERIOD_WORDS}`,
  'g',
);

/**
 * An amount kept per day or week: the number, its unit (up to two words, '2 energy drinks'), an optional
 * 'of water' and the period, which may come a few words later ('10 minutes of breathing exercises every
 * morning'). `text` in lower case.
 */
export function readPerPeriod(text: string): PerPeriodFound | null {
  for (const m of text.matchAll(PER_PERIOD)) {
    const value = parseNumberToken(m[1]!);
    const first = m[2]!;
    if (value === null || NOT_AN_AMOUNT.test(first)) continue;
    // '2 energy drinks' keeps both words; '2 litres of water' keeps the unit.
    const second = m[3];
    const twoWords =
      second !== undefined && /s$/.test(second) && !/s$/.test(first) && !NOT_AN_AMOUNT.test(second);
    const unit = twoWords ? `${first} ${second}` : unitName(first);
    // '3 spin classes a week' is a rhythm of sessions, counted in times.
    if (SESSION_WORDS.test(unit.split(' ').at(-1)!)) {
      return {
        target: { value, unit: 'times', kind: 'sessions', per: periodOf(m[4] ?? m[5]!) },
        index: m.index ?? 0,
      };
    }
    const index = m.index ?? 0;
    const bound =
      boundBefore(text.slice(0, index + m[0].indexOf(m[1]!))) ?? boundAfter(text.slice(index + m[0].length));
    const per = periodOf(m[4] ?? m[5]!);
    return { target: { value, unit, kind: 'count', per, ...(bound ? { bound } : {}) }, index };
  }
  return null;
}

/**
 * Sessions per week; `perDay` for more than one a day. A rhythm sparser than weekly ('twice a month',
 * 'every two weeks') also has its own period and count, and is kept per that period.
 */
export type Rhythm = { perWeek: number; perDay?: number; per?: 'fortnight' | 'month'; count?: number };

const TIMES_A_MONTH = new RegExp(
  `\\b(once|twice|thrice|${NUM.slice(1, -1)})\\s*(?:x|times?|sessions?|visits?)?\\s*(?:a|per|each|every|/)\\s*month\\b`,
);

const TIMES_A_DAY = new RegExp(
  `\\b(?:(twice|thrice)|${NUM}\\s*(?:x|times))\\s*(?:a|per|each|every|/)\\s*day\\b`,
);
const TIMES_A_WEEK = new RegExp(
  `\\b(once|twice|thrice|${NUM.slice(1, -1)})\\s*(?:x|times?|days?|nights?|mornings?|evenings?|sessions?|workouts?|runs?|classes)?\\s*(?:a|per|each|every|/)\\s*week\\b`,
);

/** Sessions per week, from 'every day', 'daily', '3 times a week', 'twice a week', 'weekdays'; 'twice a day' too. */
export function readRhythm(text: string): Rhythm | null {
  const daily = TIMES_A_DAY.exec(text);
  if (daily) {
    const n = daily[1] === 'twice' ? 2 : daily[1] === 'thrice' ? 3 : parseNumberToken(daily[2]!);
    if (n !== null && n > 0 && n <= 12) return { perWeek: 7, perDay: n };
  }
  if (
    /\b(?:every ?day|every single day|daily|each day|a day|per day|every (?:single )?(?:morning|night|evening|afternoon|lunchtime|lunch ?break|bedtime|workday)|each (?:morning|night|evening|afternoon|lunchtime)|nightly|a night)\b/.test(
      text,
    )
  )
    return { perWeek: 7 };
  if (/\b(?:every weekday|on weekdays|weekdays)\b/.test(text)) return { perWeek: 5 };
  if (
    /\b(?:every (?:two|2|other) weeks|every (?:other|second) week|every fortnight|fortnightly|biweekly|bi-weekly)\b/.test(
      text,
    )
  )
    return { perWeek: 0.5, per: 'fortnight', count: 1 };
  const monthly = TIMES_A_MONTH.exec(text);
  if (monthly) {
    const word = monthly[1]!;
    const n = word === 'once' ? 1 : word === 'twice' ? 2 : word === 'thrice' ? 3 : parseNumberToken(word);
    if (n !== null && n > 0 && n <= 20) return { perWeek: (n * 12) / 52, per: 'month', count: n };
  }
  if (/\b(?:monthly|every month|each month)\b/.test(text))
    return { perWeek: 12 / 52, per: 'month', count: 1 };
  const times = TIMES_A_WEEK.exec(text);
  if (times) {
    const word = times[1]!;
    const n = word === 'once' ? 1 : word === 'twice' ? 2 : word === 'thrice' ? 3 : parseNumberToken(word);
    if (n !== null && n > 0 && n <= 14) return { perWeek: n };
  }
  if (
    /\b(?:weekly|every week|each week|once a week|every (?:sunday|monday|tuesday|wednesday|thursday|friday|saturday))\b/.test(
      text,
    )
  )
    return { perWeek: 1 };
  if (/\b(?:every weekend|on weekends|weekends)\b/.test(text)) return { perWeek: 2 };
  return null;
}
