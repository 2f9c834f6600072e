import {
  formatClock,
  formatMoney,
  formatNumber,
  NUMBER_WORD_PATTERN,
  parseNumberToken,
  unitFor,
} from './numbers.ts';

// Reads "how much" out of free text. Three shapes of measure exist:
// - a total ('read 12 books', 'save $5,000', 'run 5k under 30 minutes');
// - a rate ('save $100 a week', 'read 20 pages a day'), whose total depends on the deadline;
// - a habit rhythm ('meditate 10 minutes every day', 'gym 3 times a week'), counted in sessions.

export type TargetKind =
  | 'weight'
  | 'money'
  | 'time'
  | 'distance'
  | 'count'
  | 'reps'
  | 'level'
  | 'percent'
  | 'sessions';

/** A measurable target. `unit` is what the plan's metric carries; 'min:s' targets are in seconds. */
export type Target = {
  value: number;
  unit: string;
  kind?: TargetKind;
  /** For 'min:s' targets: the distance the time is for. */
  distanceKm?: number;
  /** For weight targets. */
  direction?: 'lose' | 'gain';
};

export type Period = 'day' | 'week' | 'month';

export type Measure =
  | { type: 'total'; target: Target }
  | { type: 'rate'; amount: Target; per: Period }
  | { type: 'habit'; perWeek: number; minutes: number | null };

const NUM = `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|${NUMBER_WORD_PATTERN})`;
const PER = '\\s*(?:a|per|each|every|/)\\s*(day|night|morning|week|month)\\b';
const CEFR = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

export const KM_PER_MILE = 1.609;

function num(token: string | undefined): number | null {
  return token === undefined ? null : parseNumberToken(token);
}

function periodOf(word: string | undefined): Period | null {
  if (!word) return null;
  if (word === 'week') return 'week';
  if (word === 'month') return 'month';
  return 'day';
}

/** 'run 5k under 30 minutes', 'marathon in under 4 hours', 'sub-25 5k', '10k in 55:00'. */
function readTimeTarget(text: string): Target | null {
  const distanceMatch =
    /(\d+(?:\.\d+)?)\s*(k|km|kms|kilomet(?:er|re)s?|mi|miles?)\b|\b(half[- ]?marathon|marathon|mile)\b/.exec(
      text,
    );
  if (!distanceMatch) return null;
  let distanceKm: number;
  if (distanceMatch[3]) {
    const word = distanceMatch[3];
    distanceKm = word === 'mile' ? KM_PER_MILE : word.startsWith('half') ? 21.1 : 42.2;
  } else {
    const value = Number(distanceMatch[1]);
    distanceKm = /^mi/.test(distanceMatch[2]!) ? value * KM_PER_MILE : value;
  }
  const clock =
    /\b(?:under|below|sub-?|less than|faster than|in|within|at)\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\b/.exec(
      text,
    );
  let seconds: number | null = null;
  if (clock) {
    seconds = clock[3]
      ? Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
      : Number(clock[1]) * (distanceKm > 21 ? 3600 : 60) + Number(clock[2]) * (distanceKm > 21 ? 60 : 1);
  }
  if (seconds === null) {
    const spoken =
      /\b(?:under|below|sub-?|less than|faster than|in|within)\s*(?:an?\s+)?(\d+(?:\.\d+)?|an?)\s*(minutes?|mins?|m|hours?|hrs?|h|hour)\b(?:\s*(?:and\s*)?(\d+)\s*(?:minutes?|mins?|m)\b)?/.exec(
        text,
      );
    if (spoken) {
      const amount = spoken[1] === 'a' || spoken[1] === 'an' ? 1 : Number(spoken[1]);
      const isHours = /^h/.test(spoken[2]!);
      seconds = amount * (isHours ? 3600 : 60) + (spoken[3] ? Number(spoken[3]) * 60 : 0);
    }
  }
  if (seconds === null) {
    const bare = /\bsub-?\s*(\d+(?:\.\d+)?)\b(?!\s*(?:k|km|mi))/.exec(text);
    if (bare) {
      const amount = Number(bare[1]);
      seconds = amount <= 6 ? amount * 3600 : amount * 60;
    }
  }
  if (seconds === null) {
    const adjective = /\b(\d+)[- ]minute\s+(?:\d+(?:\.\d+)?\s*k|marathon|half|mile)/.exec(text);
    if (adjective) seconds = Number(adjective[1]) * 60;
  }
  if (seconds === null || seconds <= 0) return null;
  return { value: Math.round(seconds), unit: 'min:s', kind: 'time', distanceKm: round(distanceKm, 2) };
}

function readWeight(text: string): Target | null {
  const m = new RegExp(
    `\\b(lose|losing|drop|shed|gain|gaining|put on|get rid of)\\s+(?:about\\s+|around\\s+|another\\s+)?${NUM}\\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds?)\\b`,
  ).exec(text);
  const bare = m ? null : new RegExp(`${NUM}\\s*(kg|kgs|kilos?|kilograms?|lbs?)\\b`).exec(text);
  const value = num(m ? m[2] : bare?.[1]);
  if (value === null || value <= 0) return null;
  const unitWord = (m ? m[3] : bare?.[2]) ?? 'kg';
  const direction = m && /gain|put on/.test(m[1]!) ? 'gain' : 'lose';
  return { value, unit: /^(lb|pound)/.test(unitWord) ? 'lb' : 'kg', kind: 'weight', direction };
}

function readMoney(
  text: string,
  weightContext: boolean,
): { target: Target; index: number; end: number } | null {
  const symbol =
    /([$€£])\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k|m|thousand|million|grand)?\b/.exec(text);
  if (symbol) {
    const value = scale(Number(symbol[2]!.replace(/,/g, '')), symbol[3]);
    return {
      target: { value, unit: symbol[1]!, kind: 'money' },
      index: symbol.index,
      end: symbol.index + symbol[0].length,
    };
  }
  const currency = weightContext
    ? '(dollars|bucks|usd|euros?|eur|gbp)'
    : '(dollars|bucks|usd|euros?|eur|pounds|gbp)';
  const worded = new RegExp(`${NUM}\\s*(k|thousand|million|grand)?\\s*${currency}\\b`).exec(text);
  if (worded) {
    const base = num(worded[1]);
    if (base === null) return null;
    const word = worded[3]!;
    const unit = /^(euro|eur)/.test(word) ? '€' : /^(pound|gbp)/.test(word) ? '£' : '$';
    return {
      target: { value: scale(base, worded[2]), unit, kind: 'money' },
      index: worded.index,
      end: worded.index + worded[0].length,
    };
  }
  const verbal =
    /\b(?:save|saving|pay (?:off|down|back)|invest|earn|put aside|set aside)\s+(?:up\s+)?(?:about\s+|around\s+)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(k|thousand|grand)?(?=\s*(?:[.,!?]|$)|\s+(?:by|in|within|before|for|until|this|next|over|so|because|to|a|per|each|every|monthly|weekly)\b)/.exec(
      text,
    );
  if (verbal) {
    const value = scale(Number(verbal[1]!.replace(/,/g, '')), verbal[2]);
    return {
      target: { value, unit: '$', kind: 'money' },
      index: verbal.index,
      end: verbal.index + verbal[0].length,
    };
  }
  return null;
}

function scale(value: number, suffix: string | undefined): number {
  if (suffix === 'k' || suffix === 'thousand' || suffix === 'grand') return value * 1000;
  if (suffix === 'm' || suffix === 'million') return value * 1_000_000;
  return value;
}

function readLevel(text: string): Target | null {
  const m = /\b([abc][12])\b/i.exec(text);
  if (!m) return null;
  if (
    !/\b(?:level|cefr|reach|get to|pass|achieve|hit|spanish|french|german|italian|japanese|language|at)\b/.test(
      text,
    )
  )
    return null;
  return { value: CEFR.indexOf(m[1]!.toUpperCase()) + 1, unit: 'CEFR level', kind: 'level' };
}

export function cefrName(ordinal: number): string {
  return CEFR[Math.min(Math.max(Math.round(ordinal), 1), 6) - 1]!;
}

function readDistance(text: string): { target: Target; end: number } | null {
  const m =
    /\b(?:a\s+)?(\d+(?:\.\d+)?)\s*(k|km|kms|kilomet(?:er|re)s?|mi|miles?)\b|\b(half[- ]?marathon|marathon|ultra ?marathon)\b/.exec(
      text,
    );
  if (!m) return null;
  const end = m.index + m[0].length;
  if (m[3]) {
    const value = m[3].startsWith('half') ? 21.1 : m[3].startsWith('ultra') ? 50 : 42.2;
    return { target: { value, unit: 'km', kind: 'distance' }, end };
  }
  const value = Number(m[1]);
  if (value <= 0) return null;
  return { target: { value, unit: /^mi/.test(m[2]!) ? 'mi' : 'km', kind: 'distance' }, end };
}

const NOT_A_COUNT =
  /^(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|times?|x|am|pm|percent|kg|kgs|kilos?|lbs?|pounds?|km|kms|k|mi|miles?|dollars|bucks|euros?|of|more|less|per|a|an|and|or|to|in|by|on|for|at|the|year-old|years-old|%|o'clock|out|or so|ish|pack|packs)$/;
const SECOND_WORD_STOP =
  /^(?:this|as|is|was|his|its|plus|less|across|us|yes|thus|always|towards|afterwards|besides|perhaps)$/;

function readCount(text: string): { target: Target; per: Period | null } | null {
  const re = new RegExp(`(?:^|[^\\w$€£.,])${NUM}\\s+([a-z][a-z'-]*)(?=(?:\\s+([a-z][a-z'-]*))?)`, 'g');
  for (const m of text.matchAll(re)) {
    const value = num(m[1]);
    const first = m[2]!;
    if (value === null || value <= 0 || NOT_A_COUNT.test(first)) continue;
    const second = m[3];
    const twoWords =
      second !== undefined && /s$/.test(second) && !/s$/.test(first) && !SECOND_WORD_STOP.test(second);
    let unit = twoWords ? `${first} ${second}` : first;
    if (/^new$/.test(first) && second) unit = second;
    const rest = text.slice((m.index ?? 0) + m[0].length);
    const after = twoWords ? rest.replace(/^\s+\S+/, '') : rest;
    const perMatch = new RegExp(`^${PER}`).exec(after);
    // '50 push-ups in a row' is a single feat to build up to, not a running total.
    const inARow =
      /^\s*(?:in a row|at once|in one (?:go|set)|without stopping|straight|unbroken|consecutive(?:ly)?)\b/.test(
        after,
      );
    return {
      target: { value, unit: unit.replace(/^push ups?$/, 'push-ups'), kind: inARow ? 'reps' : 'count' },
      per: periodOf(perMatch?.[1]),
    };
  }
  return null;
}

function readPercent(text: string): Target | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:%|percent\b)/.exec(text);
  return m ? { value: Number(m[1]), unit: '%', kind: 'percent' } : null;
}

/** Sessions per week, from 'every day', 'daily', '3 times a week', 'twice a week', 'weekdays'. */
export function readFrequency(text: string): number | null {
  if (
    /\b(?:every ?day|daily|each day|a day|per day|every (?:single )?(?:morning|night|evening)|each (?:morning|night|evening)|nightly|a night)\b/.test(
      text,
    )
  )
    return 7;
  if (/\b(?:every weekday|on weekdays|weekdays)\b/.test(text)) return 5;
  const times = new RegExp(
    `\\b(once|twice|thrice|${NUM})\\s*(?:x|times?|days?|sessions?|workouts?|runs?)?\\s*(?:a|per|each|every|/)\\s*week\\b`,
  ).exec(text);
  if (times) {
    const word = times[1]!;
    const n = word === 'once' ? 1 : word === 'twice' ? 2 : word === 'thrice' ? 3 : num(word);
    if (n !== null && n > 0 && n <= 14) return n;
  }
  if (
    /\b(?:weekly|every week|each week|every (?:sunday|monday|tuesday|wednesday|thursday|friday|saturday))\b/.test(
      text,
    )
  )
    return 1;
  if (/\b(?:every weekend|on weekends|weekends)\b/.test(text)) return 2;
  return null;
}

function readSessionMinutes(text: string): number | null {
  const m = /\b(\d+(?:\.\d+)?)\s*(minutes?|mins?|hours?|hrs?)\b(?!\s*(?:from now|later|ago))/.exec(text);
  if (!m) return null;
  const amount = Number(m[1]);
  return /^h/.test(m[2]!) ? amount * 60 : amount;
}

/**
 * The measure stated in `text`, if any. `domainHint` helps with a bare number ('12' after the coach
 * asked how many books) and decides whether minutes mean a habit.
 */
export function readMeasure(
  text: string,
  domainHint: { defaultUnit: string | null; habitual: boolean } | null,
): Measure | null {
  const lower = text.toLowerCase();
  const time = readTimeTarget(lower);
  if (time) return { type: 'total', target: time };

  const weight = readWeight(lower);
  const frequency = readFrequency(lower);
  if (weight) return { type: 'total', target: weight };

  const money = readMoney(lower, /\b(?:lose|weight|kg|gain)\b/.test(lower));
  if (money) {
    const per = new RegExp(`^${PER}|^\\s*(monthly|weekly|daily)\\b`).exec(lower.slice(money.end));
    const period = per
      ? (periodOf(per[1]) ?? periodOf(per[2]?.replace(/ly$/, '').replace('dai', 'day')))
      : null;
    return period
      ? { type: 'rate', amount: money.target, per: period }
      : { type: 'total', target: money.target };
  }

  const level = readLevel(lower);
  if (level) return { type: 'total', target: level };

  const percent = readPercent(lower);
  if (percent) return { type: 'total', target: percent };

  if (
    /\b(?:run|running|jog|race|marathon|walk|walking|hike|cycle|cycling|bike|swim|swimming|\d+k)\b/.test(
      lower,
    )
  ) {
    const distance = readDistance(lower);
    if (distance) {
      const per = new RegExp(`^${PER}`).exec(lower.slice(distance.end));
      if (per) return { type: 'rate', amount: distance.target, per: periodOf(per[1])! };
      if (frequency === null) return { type: 'total', target: distance.target };
    }
  }

  const count = readCount(lower);
  if (count?.per) return { type: 'rate', amount: count.target, per: count.per };
  if (count && frequency === null) return { type: 'total', target: count.target };
  // '2 litres of water every day': the amount is per day.
  if (count && frequency === 7 && count.target.kind === 'count')
    return { type: 'rate', amount: count.target, per: 'day' };

  const minutes = readSessionMinutes(lower);
  if (frequency !== null) return { type: 'habit', perWeek: frequency, minutes };
  if (minutes !== null && domainHint?.habitual) return { type: 'habit', perWeek: 7, minutes };

  const bare = new RegExp(`^\\s*(?:about|around|maybe|roughly|let's say|say)?\\s*${NUM}\\s*[.!]?\\s*$`).exec(
    lower,
  );
  if (bare && domainHint?.defaultUnit) {
    const value = num(bare[1]);
    if (value !== null && value > 0) {
      const unit = domainHint.defaultUnit;
      const kind: TargetKind =
        unit === '$' ? 'money' : unit === 'kg' ? 'weight' : unit === 'km' ? 'distance' : 'count';
      return {
        type: 'total',
        target: { value, unit, kind, ...(kind === 'weight' ? { direction: 'lose' as const } : {}) },
      };
    }
  }
  return null;
}

const PERIOD_DAYS: Record<Period, number> = { day: 1, week: 7, month: 30.44 };

/** The total a measure amounts to over `spanDays`: a rate adds up, a habit counts its sessions. */
export function resolveTarget(measure: Measure, spanDays: number): Target {
  if (measure.type === 'total') return measure.target;
  if (measure.type === 'rate') {
    const periods = Math.max(1, Math.round(spanDays / PERIOD_DAYS[measure.per]));
    return { ...measure.amount, value: round(measure.amount.value * periods, 2) };
  }
  const sessions = Math.max(1, Math.round((spanDays * measure.perWeek) / 7));
  return { value: sessions, unit: measure.perWeek === 7 ? 'days' : 'sessions', kind: 'sessions' };
}

/** '12 books', '$5,000', '5 kg', '5 km in under 30:00', 'level B1 (CEFR)'. */
export function describeTarget(target: Target): string {
  switch (target.kind) {
    case 'money':
      return formatMoney(target.value, target.unit);
    case 'time':
      return `${describeDistance(target.distanceKm ?? 5)} in under ${formatClock(target.value)}`;
    case 'level':
      return `level ${cefrName(target.value)} (CEFR)`;
    case 'percent':
      return `${formatNumber(target.value)}%`;
    case 'weight':
      return `${formatNumber(target.value)} ${target.unit}`;
    case 'distance':
      return target.unit === 'km'
        ? describeDistance(target.value)
        : `${formatNumber(target.value)} ${target.unit}`;
    case 'reps':
      return `${formatNumber(target.value)} ${target.unit} in a row`;
    default:
      return `${formatNumber(target.value, 2)} ${unitFor(target.value, target.unit)}`;
  }
}

export function describeDistance(km: number): string {
  if (Math.abs(km - 42.2) < 0.3) return 'a marathon';
  if (Math.abs(km - 21.1) < 0.3) return 'a half marathon';
  if (Math.abs(km - KM_PER_MILE) < 0.05) return 'a mile';
  return `${formatNumber(km)} km`;
}

/** The measurable part in words: '12 books', '$100 a week', '10 minutes, every day'. */
export function describeMeasure(measure: Measure): string {
  if (measure.type === 'total') return describeTarget(measure.target);
  if (measure.type === 'rate') return `${describeTarget(measure.amount)} a ${measure.per}`;
  const rhythm =
    measure.perWeek === 7
      ? 'every day'
      : measure.perWeek === 5
        ? 'every weekday'
        : measure.perWeek === 1
          ? 'once a week'
          : `${formatNumber(measure.perWeek)} times a week`;
  if (!measure.minutes) return rhythm;
  const length =
    measure.minutes >= 60 && measure.minutes % 60 === 0
      ? `${measure.minutes / 60} hour${measure.minutes === 60 ? '' : 's'}`
      : `${formatNumber(measure.minutes)} minutes`;
  return `${length}, ${rhythm}`;
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
