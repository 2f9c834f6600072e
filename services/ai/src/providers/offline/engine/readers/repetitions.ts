import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// Repetitions: '50 push-ups in a row', '10 pull ups', '100 squats in one go', '40 lengths in one session'.
// A count of an exercise is one feat to build up to (a fitness target), not a running total.

const EXERCISES: Array<[RegExp, string]> = [
  [/^(?:push|press)[- ]?ups?$/, 'push-ups'],
  [/^pull[- ]?ups?$/, 'pull-ups'],
  [/^chin[- ]?ups?$/, 'chin-ups'],
  [/^sit[- ]?ups?$/, 'sit-ups'],
  [/^muscle[- ]?ups?$/, 'muscle-ups'],
  [
    /^(?:squats?|burpees?|lunges?|dips?|crunches|jumping jacks|kettlebell swings|box jumps|lengths|laps|reps)$/,
    '',
  ],
];

const EXERCISE_WORDS =
  '(?:push|press|pull|chin|sit|muscle)[- ]?ups?|squats?|burpees?|lunges?|dips?|crunches|jumping jacks|kettlebell swings|box jumps|lengths|laps|reps';

/** A feat done without a break: the words after an amount that say so. */
export const IN_A_ROW =
  /^\s*(?:in a row|at once|in one (?:go|set|session|sitting)|in a single (?:set|session|go)|without (?:stopping|a break|resting)|straight|unbroken|consecutive(?:ly)?)\b/;

const EXERCISE_REPS = new RegExp(`(?:^|[^\\w$€£.,])(an?|${NUM.slice(1, -1)})\\s+(${EXERCISE_WORDS})\\b`);
const REPS_IN_A_ROW = new RegExp(`(?:^|[^\\w$€£.,])${NUM}\\s+([a-z][a-z'-]*)(?=${IN_A_ROW.source.slice(1)})`);

function exerciseName(words: string): string {
  for (const [pattern, name] of EXERCISES) if (pattern.test(words)) return name || words;
  return words;
}

/** `text` in lower case. */
export function readRepetitions(text: string): Target | null {
  const m = EXERCISE_REPS.exec(text);
  if (m) {
    // 'do a pull-up' is one.
    const value = /^an?$/.test(m[1]!) ? 1 : parseNumberToken(m[1]!);
    if (value === null || value <= 0) return null;
    return { value, unit: exerciseName(m[2]!), kind: 'reps' };
  }
  // Anything done 'in a row' is a feat of repetitions too: '30 skips in a row'.
  const any = REPS_IN_A_ROW.exec(text);
  // A distance or a time done without stopping is that distance or time, not a count of metres.
  if (
    !any ||
    /^(?:days?|weeks?|months?|times?|nights?|mornings?|m|km|kms|k|mi|miles?|metres?|meters?|kilomet(?:er|re)s?|yards?|minutes?|mins?|hours?|hrs?|seconds?)$/.test(
      any[2]!,
    )
  )
    return null;
  const value = parseNumberToken(any[1]!);
  return value === null || value <= 0 ? null : { value, unit: any[2]!, kind: 'reps' };
}
