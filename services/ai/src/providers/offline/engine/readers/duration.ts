import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// Lengths of time: '30 minutes', 'an hour', '1.5 hours', '90 secs', and holds ('hold a plank for
// 3 minutes'), whose target is the time itself in the hero's unit.

const TIME_UNIT = '(seconds?|secs?|minutes?|mins?|hours?|hrs?|hr)';

const LENGTH_OF_TIME = new RegExp(
  `(?:\\b|^)(an?|${NUM.slice(1, -1)})\\s*${TIME_UNIT}\\b(?!\\s*(?:from now|later|ago))`,
);
const HOLD_FOR = new RegExp(
  `\\b(?:hold|plank|dead hang|hang|wall sit)\\b[^.!?]{0,30}?\\bfor\\s+(?:an?\\s+|a full\\s+)?${NUM}?\\s*${TIME_UNIT}\\b`,
);
const NON_STOP_FOR = new RegExp(
  `\\b(?:run|jog|swim|cycle|row|skip|dance)\\b[^.!?]{0,20}?\\bfor\\s+(?:an?\\s+|a full\\s+)?${NUM}?\\s*${TIME_UNIT}\\s+(?:non-?stop|without (?:stopping|a break)|straight|continuously)\\b`,
);

/**
 * Hours that add up: 'practise piano for 100 hours', 'volunteer 50 hours', '20 hours of coding in
 * total'. Not a span to finish within ('in 48 hours'), a rate ('2 hours a day') or a fast or a night.
 */
const HOURS_IN_ALL = new RegExp(
  `(?:^|[^\\w$€£.,:/-])(?<!\\b(?:in|within|under|after|every|next|than)\\s+)${NUM}\\s*(?:hours?|hrs?)\\b(?!\\s*(?:a|an|per|each|every|/)\\s*(?:day|night|week|weekend|month|session)\\b|\\s*(?:daily|nightly|weekly|monthly|from now|later|ago|non-?stop|straight|long))`,
);
const ADDS_UP = /\b(?:in total|total of|a total|altogether|combined|cumulative|logged|log)\b/;
const NOT_ADDED = /\b(?:fast|fasting|sleep|sleeping|shift|flight to|drive to)\b/;

/** Hours to log in all ('volunteer 50 hours'): ten or more, or any number said to add up. */
export function readHoursInAll(text: string): Target | null {
  if (NOT_ADDED.test(text)) return null;
  const m = HOURS_IN_ALL.exec(text);
  if (!m) return null;
  const value = parseNumberToken(m[1]!);
  if (value === null || value <= 0 || (value < 10 && !ADDS_UP.test(text))) return null;
  return { value, unit: 'hours', kind: 'count' };
}

/** 'minutes', 'hours' or 'seconds' for a unit word as typed. */
export function timeUnitName(word: string): 'seconds' | 'minutes' | 'hours' {
  if (/^s/.test(word)) return 'seconds';
  if (/^h/.test(word)) return 'hours';
  return 'minutes';
}

/** The first length of time in `text`, in minutes ('an hour' = 60), unless it is a clock ('in 30 minutes from now'). */
export function readMinutes(text: string): number | null {
  const m = LENGTH_OF_TIME.exec(text);
  if (!m) return null;
  const amount = m[1] === 'a' || m[1] === 'an' ? 1 : parseNumberToken(m[1]!);
  if (amount === null || amount <= 0) return null;
  const unit = timeUnitName(m[2]!);
  return unit === 'hours' ? amount * 60 : unit === 'seconds' ? amount / 60 : amount;
}

/**
 * 'hold a plank for 3 minutes', 'plank for 90 seconds', 'run for 30 minutes non-stop': a time kept up
 * without a break.
 */
export function readHold(text: string): Target | null {
  const m = HOLD_FOR.exec(text) ?? NON_STOP_FOR.exec(text);
  if (!m) return null;
  const value = m[1] ? parseNumberToken(m[1]) : 1;
  if (value === null || value <= 0) return null;
  return { value, unit: timeUnitName(m[2]!), kind: 'duration', bound: 'at-least' };
}
