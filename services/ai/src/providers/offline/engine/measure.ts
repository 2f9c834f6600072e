import { nlp } from './nlp.ts';
import { readCompletion } from './readers/completion.ts';
import { readCount } from './readers/count.ts';
import { readDistance } from './readers/distance.ts';
import { readHold, readHoursInAll, readMinutes } from './readers/duration.ts';
import { readLevel } from './readers/level.ts';
import { readMoney } from './readers/money.ts';
import { NUM, parseNumberToken } from './readers/numbers.ts';
import type { TargetKind } from './readers/quantity.ts';
import { readReduction } from './readers/reduction.ts';
import { readRepetitions } from './readers/repetitions.ts';
import { periodOf, readPerPeriod, readRhythm } from './readers/rhythm.ts';
import { readRunningTime } from './readers/running-time.ts';
import { readScore } from './readers/score.ts';
import { readBareWeight, readLift, readTargetWeight, readWeightChange } from './readers/weight.ts';
import type { Measure } from './target.ts';

/**
 * Lengths of time in words as digits ('under four hours' -> 'under 4 hours', 'three and a half hours'
 * -> '3.5 hours'), read by the language library, so a race time spelled out is still a time.
 */
function spokenDurations(lower: string): string {
  if (
    !/\b(?:hours?|minutes?|hrs?|mins?)\b/.test(lower) ||
    !/\b[a-z]+(?: and a half)? (?:hours?|minutes?|hrs?|mins?)\b/.test(lower)
  )
    return lower;
  const doc = nlp(lower);
  // A match is a view of the same document; typed as the base view, it still has the number methods.
  const spoken = doc.match('#Value+ (hour|hours|minute|minutes|hrs|mins)') as typeof doc;
  spoken.numbers().toNumber();
  return doc.text();
}

// "How much", read from one message by asking the readers in turn, most specific first: a time over a
// distance before the distance, a reduction before a plain per-day amount, an amount before a rhythm.

export type MeasureHint = { defaultUnit: string | null; habitual: boolean };

const MOVING =
  /\b(?:run|running|jog|race|marathon|ultra|trail|walk|walking|hike|cycle|cycling|bike|ride|swim|swimming|row|rowing|\d+k(?![- ]?words?\b))\b/;

/** A spending cap ('spend no more than $400 a month') stays per period; saving at a rate adds up. */
const SPENDING = /\b(?:spend|spending|budget|no more than|less than|under|at most|max(?:imum)?)\b/;

const EARNING = /\b(?:earn|earning|make|making|bring in|income of|salary of|charge|bill)\b/;

function moneyMeasure(lower: string): Measure | null {
  const money = readMoney(lower);
  if (!money) return null;
  const after = lower.slice(money.end);
  // The period may follow what the money is for: '$200 on eating out each month'.
  const per =
    /^\s*(?:(?!(?:by|until|till|before|in|within|for the next)\b)[a-z'-]+\s+){0,4}?(?:(?:a|per|each|every|\/)\s*(day|week|fortnight|month|year)\b|every (two weeks|2 weeks|other week)\b|(daily|weekly|fortnightly|biweekly|monthly))/.exec(
      after,
    );
  if (!per) return { type: 'total', target: money.target };
  const word = per[1] ?? per[2] ?? per[3]!;
  if (/^year/.test(word)) return { type: 'total', target: money.target };
  const period = periodOf(word);
  const before = lower.slice(Math.max(0, money.index - 30), money.index);
  if (SPENDING.test(before))
    return { type: 'per-period', target: { ...money.target, per: period, bound: 'at-most' } };
  // Earning $500 a month is an income to reach, not a pot that fills.
  if (EARNING.test(before)) return { type: 'per-period', target: { ...money.target, per: period } };
  return { type: 'rate', amount: money.target, per: period };
}

function distanceMeasure(lower: string): Measure | null {
  if (!MOVING.test(lower)) return null;
  const distance = readDistance(lower);
  if (!distance) return null;
  const per = /^\s*(?:a|per|each|every|\/)\s*(day|week|month)\b/.exec(lower.slice(distance.end));
  if (per) return { type: 'per-period', target: { ...distance.target, per: periodOf(per[1]) } };
  return { type: 'total', target: distance.target };
}

const BARE_NUMBER = new RegExp(`^\\s*(?:about|around|maybe|roughly|let's say|say)?\\s*${NUM}\\s*[.!]?\\s*$`);

/** A bare number answering 'how many books?': counted in the area's default unit. */
function bareAnswer(lower: string, hint: MeasureHint | null): Measure | null {
  const bare = BARE_NUMBER.exec(lower);
  if (!bare || !hint?.defaultUnit) return null;
  const value = parseNumberToken(bare[1]!);
  if (value === null || value <= 0) return null;
  const unit = hint.defaultUnit;
  const kind: TargetKind =
    unit === '$' ? 'money' : unit === 'kg' ? 'weight' : unit === 'km' ? 'distance' : 'count';
  return {
    type: 'total',
    target: { value, unit, kind, ...(kind === 'weight' ? { direction: 'lose' as const } : {}) },
  };
}

/**
 * The measure stated in `text`, if any. `hint` helps with a bare number ('12' after the coach asked how
 * many books) and decides whether minutes mean a daily habit.
 */
export function readMeasure(text: string, hint: MeasureHint | null): Measure | null {
  // A time of day ('in bed by 11pm', 'up at 6:30') says when, never how much; a number word inside a
  // proper name ('the Yorkshire Three Peaks') is part of the name.
  const named = text.replace(
    /(?<=\S\s+)(?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Twelve|Hundred)(?=\s+[A-Z])/g,
    (m) => ' '.repeat(m.length),
  );
  // A retirement account's name ('my 401k', 'a 403(b)') is not 401 km.
  const lower = spokenDurations(named.toLowerCase())
    .replace(/\b(?:401|403|457)\s*\(?[kb]\)?(?![a-z])/g, (m) => ' '.repeat(m.length))
    .replace(
      /\b(?:at|by|before|after|until|till)\s+\d{1,2}:\d{2}\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm|o'clock)(?![a-z])/g,
      (m) => ' '.repeat(m.length),
    );
  const time = readRunningTime(lower);
  if (time) return { type: 'total', target: time };
  const weight =
    readLift(lower) ?? readWeightChange(lower) ?? readTargetWeight(lower) ?? readBareWeight(lower);
  if (weight) return { type: 'total', target: weight };
  const money = moneyMeasure(lower);
  if (money) return money;
  const level = readLevel(lower);
  if (level) return { type: 'total', target: level };
  // A score or share to reach ('credit score above 750', 'body fat down to 15%') before a cut-back.
  const score = readScore(lower);
  if (score) return { type: 'total', target: score };
  const reduction = readReduction(lower);
  if (reduction) return { type: 'per-period', target: reduction };
  const percent = /(\d+(?:\.\d+)?)\s*(?:%|percent\b)/.exec(lower);
  if (percent) return { type: 'total', target: { value: Number(percent[1]), unit: '%', kind: 'percent' } };
  const perPeriod = readPerPeriod(lower);
  if (perPeriod) return { type: 'per-period', target: perPeriod.target };
  const reps = readRepetitions(lower);
  if (reps) return { type: 'total', target: reps };
  const hold = readHold(lower);
  if (hold) return { type: 'total', target: hold };
  const distance = distanceMeasure(lower);
  if (distance) return distance;

  // 'a 30-day plank challenge', 'a 100-day writing streak': every day, for that many days.
  if (/\b\d+[- ]day (?:[a-z]+ )?(?:streak|challenge)\b/.test(lower))
    return { type: 'habit', perWeek: 7, minutes: null };
  const rhythm = readRhythm(lower);
  const hours = rhythm === null ? readHoursInAll(lower) : null;
  if (hours) return { type: 'total', target: hours };
  const count = readCount(lower);
  if (count && rhythm === null) return { type: 'total', target: count.target };
  const completion = readCompletion(text);
  if (completion && rhythm === null) return { type: 'done', thing: completion.thing, what: completion.kind };

  const minutes = readMinutes(lower);
  // 'Twice a month', 'every two weeks': kept per that period, not as a fraction of a week.
  if (rhythm?.per)
    return {
      type: 'per-period',
      target: { value: rhythm.count ?? 1, unit: 'times', kind: 'sessions', per: rhythm.per },
    };
  if (rhythm !== null) return { type: 'habit', perWeek: rhythm.perWeek, perDay: rhythm.perDay, minutes };
  if (minutes !== null && hint?.habitual) return { type: 'habit', perWeek: 7, minutes };
  return bareAnswer(lower, hint);
}
