import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// A score or a share to reach, measured where the hero stands today: 'get my credit score above 750',
// 'raise my GPA to 3.8', 'a 1500 chess rating', 'get my golf handicap down to 12', 'reduce my body fat
// to 15%', 'a savings rate of 20%'. The target is the figure itself, not an amount to add up or to keep
// each day; the unit names what is measured ('credit score', '% body fat').

/** What a score or share is of: the measured thing's last words. */
const MEASURED =
  '(?:credit score|fico score|fico|gpa|grade point average|elo|chess rating|(?:[a-z]+ )?rating|handicap|(?:[a-z]+ )?score|body[- ]fat(?: percentage)?|savings rate|(?:[a-z]+ )?rate|(?:[a-z]+ )?percentage|resting heart rate|blood pressure|cholesterol)';

/** 'my credit score above 750', 'my body fat down to 15%', 'my gpa to 3.8'. */
const THING_THEN_FIGURE = new RegExp(
  `\\b(${MEASURED})\\b[^.!?\\d]{0,24}?\\b(?:to|above|over|past|beyond|below|under|of|at)\\s+(?:at least\\s+|least\\s+|over\\s+|above\\s+|under\\s+|below\\s+|a\\s+)?${NUM}\\s*(%|percent\\b)?`,
);
/** 'a 750 credit score', 'a 3.8 gpa', '15% body fat'. */
const FIGURE_THEN_THING = new RegExp(`(?:^|[^\\w$€£.,:/-])${NUM}\\s*(%|percent\\b)?\\s+(${MEASURED})\\b`);

const CHANGE_BY =
  /\b(?:lose|losing|drop|dropping|shed|cut|burn|gain|gaining|add|raise|increase|improve|boost|by)\s*$/;

/** 'credit score', 'gpa' -> 'GPA', 'body-fat percentage' -> 'body fat'. */
function nameOf(thing: string): string {
  const name = thing
    .replace(/-/g, ' ')
    .replace(/^(?:body fat) percentage$/, 'body fat')
    .replace(/^(?:my|the|our|your|a|an|any|some|this|that)\s+/, '');
  return /^(?:gpa|elo|fico)\b/.test(name) ? name.replace(/^(gpa|elo|fico)/, (m) => m.toUpperCase()) : name;
}

/** `text` in lower case. */
export function readScore(text: string): Target | null {
  const before = THING_THEN_FIGURE.exec(text);
  const after = before ? null : FIGURE_THEN_THING.exec(text);
  // 'lose 10% body fat', 'raise my score by 50 points': a change by an amount, not a figure to reach.
  if (after && CHANGE_BY.test(text.slice(0, after.index + 1))) return null;
  const thing = before?.[1] ?? after?.[3];
  const figure = before?.[2] ?? after?.[1];
  const percent = Boolean(before?.[3] ?? after?.[2]);
  if (!thing || !figure) return null;
  const name = nameOf(thing);
  // A bare 'score' or 'rate' names nothing measured ('score 3 goals', 'at a rate of 1 a month').
  if (/^(?:score|rate|rating|percentage)$/.test(name) && !percent) return null;
  const value = parseNumberToken(figure);
  if (value === null || value <= 0) return null;
  return { value, unit: percent ? `% ${name}`.slice(0, 20) : name.slice(0, 20), kind: 'score' };
}
