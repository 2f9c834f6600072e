import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// Body weight and weights lifted: an amount to lose or gain ('lose 5 kg', 'drop 15 lbs'), a weight to
// reach ('get down to 75 kg'), and a lift ('bench press 100 kg').

const UNIT = '(kg|kgs|kilos?|kilograms?|lbs?|pounds?|stones?|st)';

const LIFT = new RegExp(
  `\\b(?:bench(?:[- ]press)?|squat|deadlift|overhead press|military press|press|lift|clean and jerk|snatch)\\s+(?:a\\s+)?${NUM}\\s*${UNIT}\\b`,
);
const WEIGHT_CHANGE = new RegExp(
  `\\b(lose|losing|drop|shed|gain|gaining|put on|get rid of)\\s+(?:about\\s+|around\\s+|another\\s+|at least\\s+)?${NUM}\\s*${UNIT}\\b`,
);
const TARGET_WEIGHT = new RegExp(
  `\\b(?:down to|weigh(?:ing)?(?: in at)?|get to|reach|hit|be at|to be|(?:get|be|go|drop|stay|weigh)\\s+(?=under|below|less than))\\s*(?:under\\s+|below\\s+|less than\\s+|about\\s+)?${NUM}\\s*${UNIT}\\b`,
);
const BARE_WEIGHT = new RegExp(`${NUM}\\s*(kg|kgs|kilos?|kilograms?|lbs?)\\b`);

function unitOf(word: string): 'kg' | 'lb' | 'stone' {
  if (/^(?:lb|pound)/.test(word)) return 'lb';
  return /^st/.test(word) ? 'stone' : 'kg';
}

/** `text` in lower case. */
export function readLift(text: string): Target | null {
  const m = LIFT.exec(text);
  const value = m ? parseNumberToken(m[1]!) : null;
  if (!m || value === null || value <= 0) return null;
  return { value, unit: unitOf(m[2]!), kind: 'lift' };
}

/** 'lose 5 kg', 'drop ten pounds', 'gain 4 kg of muscle', 'lose 6kg'. */
export function readWeightChange(text: string): Target | null {
  const m = WEIGHT_CHANGE.exec(text);
  const value = m ? parseNumberToken(m[2]!) : null;
  if (!m || value === null || value <= 0) return null;
  return {
    value,
    unit: unitOf(m[3]!),
    kind: 'weight',
    direction: /gain|put on/.test(m[1]!) ? 'gain' : 'lose',
  };
}

/** 'get down to 75 kg', 'weigh 70 kg', 'reach 160 lbs': the weight itself, not an amount lost. */
export function readTargetWeight(text: string): Target | null {
  const m = TARGET_WEIGHT.exec(text);
  const value = m ? parseNumberToken(m[1]!) : null;
  if (!m || value === null || value <= 0) return null;
  return { value, unit: unitOf(m[2]!), kind: 'weight', direction: 'reach' };
}

/** A weight with no verb ('5 kg by June' after 'how much?'), read as an amount to lose. */
export function readBareWeight(text: string): Target | null {
  const m = BARE_WEIGHT.exec(text);
  const value = m ? parseNumberToken(m[1]!) : null;
  if (!m || value === null || value <= 0) return null;
  return { value, unit: unitOf(m[2]!), kind: 'weight', direction: 'lose' };
}
