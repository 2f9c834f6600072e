import { readFrame } from './frame.ts';
import { normalise } from './intent.ts';
import { readDeadline } from './readers/deadline.ts';
import { NUM, parseNumberToken } from './readers/numbers.ts';

// Corrections replace what they correct. A hero who says 'in three months, actually make it two', 'by
// the end of January, no wait, by the end of February' or, in the next message, 'actually, make it 10
// km' means the second value, and the goal is read as if it had been written that way from the start:
// the correction's date replaces the statement's date, its amount replaces the amount of the same kind
// (the same unit, or the same sort of thing: money for money, a length of time for a length of time), and
// a bare number replaces the last number the hero gave.

/** A correction inside one message: 'X, actually Y', 'X... well, Y', 'X, no wait, Y'. */
const MID_MARKER =
  /(?:\s*(?:\.{2,}|…|[,;:.!?]|\s-+)\s*(?:(?:no+|nope|oops|sorry|hmm+|um+)[,!.]?\s+)?(?:actually|no wait|wait|well|sorry|i mean|or rather|rather|scratch that|correction|on second thought|make that|make it|let(?:'?s| us) say|let(?:'?s| us) do|let(?:'?s| us) make it|no(?=[,!.]))|\s+(?:actually|no wait|i mean|or rather|scratch that|make that|make it|let(?:'?s| us) say))\b[,:!.]?\s*/i;

/** A message that opens with a correction of what came before. */
const LEAD_MARKER =
  /^(?:(?:no+|nope|oops|sorry|hmm+|um+|ah|oh)[,!.]?\s+)?(?:actually|no wait|wait|sorry|i mean|or rather|scratch that|correction|on second thought|make that|make it|change (?:it|that) to|let'?s say|let'?s make it)\b[,:!.]?\s*/i;

/** What is left of a correction once its own lead words are gone: 'make it 30' -> '30'. */
const CORRECTION_LEAD =
  /^(?:(?:actually|no wait|wait|well|sorry|i mean|or rather|rather|scratch that|correction|on second thought|no|nope|oops|ok|okay|so)[,:!.]?\s+)*(?:(?:let'?s\s+)?(?:make|change|set)\s+(?:it|that|the \w+)\s+(?:to\s+|be\s+)?|let(?:'?s| us)\s+(?:say|do|go with)\s+|(?:how about|what about|say)\s+|it'?s\s+|to\s+)?/i;

const CURRENCY = /^[$£€]|\b(?:dollars?|bucks?|pounds?|quid|euros?|usd|gbp|eur)\b/i;
const TIME_UNIT = /^(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h)\b/i;
const SPAN_UNIT = /^(?:days?|weeks?|months?|years?)\b/i;

type Quantity = {
  index: number;
  /** Where the number itself ends (its currency and 'k' included), before any unit word. */
  numberEnd: number;
  end: number;
  value: number;
  unit: string;
  /** The few words after the number, lower case and singular: 'blog post' in '10 blog posts'. */
  after: string[];
  money: boolean;
};

const QUANTITY = new RegExp(`([$£€]\\s?)?${NUM}(k\\b)?(?:\\s*([a-z][a-z'-]*))?`, 'gi');

function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const value = parseNumberToken(`${m[2]}${m[3] ?? ''}`);
    if (value === null) continue;
    const unit = (m[4] ?? '').toLowerCase();
    const start = m.index;
    const numberEnd = start + (m[1]?.length ?? 0) + m[2]!.length + (m[3]?.length ?? 0);
    const after = text
      .slice(numberEnd)
      .toLowerCase()
      .split(/[^a-z'-]+/)
      .filter(Boolean)
      .slice(0, 3)
      .map((w) => w.replace(/s$/, ''));
    out.push({
      index: start,
      numberEnd,
      end: start + m[0].length,
      value,
      unit,
      after,
      money: m[1] !== undefined || CURRENCY.test(unit),
    });
  }
  return out;
}

function sameKind(a: Quantity, b: Quantity): boolean {
  if (a.money || b.money) return a.money && b.money;
  if (!a.unit) return false;
  const head = (u: string) => (u.split(' ')[0] ?? '').replace(/s$/, '');
  if (head(a.unit) === head(b.unit) || b.after.includes(head(a.unit))) return true;
  return (
    (TIME_UNIT.test(a.unit) && TIME_UNIT.test(b.unit)) || (SPAN_UNIT.test(a.unit) && SPAN_UNIT.test(b.unit))
  );
}

/**
 * `original` as corrected by `correction` (the correction's own lead words already allowed), or null when
 * the correction carries nothing to put in place (no date and no amount).
 */
export function applyCorrection(
  original: string,
  correction: string,
  today: Date,
  /** Only where the original has a date or an amount of its own to replace (an earlier message). */
  strict = false,
): string | null {
  const fix = correctionBody(correction);
  if (!fix) return null;
  const newDate = readDeadline(fix, today);
  const fixAmounts = quantities(newDate ? fix.replace(newDate.phrase, ' ') : fix);
  const oldDate = readDeadline(original, today);
  if (strict && newDate && !oldDate) return null;
  let text = original;
  if (newDate) {
    // A correction that is only a date is taken whole ('by December 31 next year', year and all).
    const said = (fixAmounts.length === 0 ? fix : newDate.phrase).trim();
    // A bare span ('6 weeks') takes the preposition of the span it corrects ('for 4 weeks').
    const lead = /^(?:for|in|within|over)\b/i.exec(oldDate?.phrase.trim() ?? '')?.[0] ?? 'by';
    const phrase = /^(?:by|before|until|till|in|within|for|over|on|no later than|this|next|the end)\b/i.test(
      said,
    )
      ? said
      : `${/^\S+\s+(?:days?|weeks?|months?|years?)$/i.test(said) ? lead : 'by'} ${said}`;
    text = oldDate ? text.replace(oldDate.phrase, ` ${phrase} `) : `${text} ${phrase}`;
    if (fixAmounts.length === 0) return tidy(text);
  }
  const amount = fixAmounts[0];
  if (!amount) return newDate ? tidy(text) : null;
  const datePhrase = readDeadline(text, today)?.phrase ?? '';
  const dateAt = datePhrase ? text.indexOf(datePhrase) : -1;
  const inDate = (q: Quantity) => dateAt >= 0 && q.index >= dateAt && q.index < dateAt + datePhrase.length;
  // A span ('in six months') may be corrected by a bare number; a calendar date ('by 31 July') never is.
  const spanDate = /^(?:in|within|for|over|the next)\b/i.test(datePhrase.trim());
  const candidates = quantities(text).filter((q) => !inDate(q) || spanDate);
  const same = amount.unit || amount.money ? candidates.filter((q) => sameKind(amount, q)) : [];
  const target = same.at(-1) ?? (amount.unit || amount.money ? undefined : candidates.at(-1));
  if (!target) return newDate ? tidy(text) : null;
  // The number alone is replaced when the unit stays ('25 push-ups..., actually 30'; '10 blog posts', '12
  // posts'); the number and its unit word when the unit changes ('1 hour a day', 'make it 45 minutes').
  const keepsUnit = !amount.unit || target.after.includes(amount.unit.replace(/s$/, ''));
  const written = fix.slice(amount.index, keepsUnit ? amount.numberEnd : amount.end);
  const replacement = written;
  const targetText = text.slice(target.index, target.end);
  const currency = /^[$£€]/.exec(targetText)?.[0] ?? '';
  const fixed =
    amount.money && currency && !/^[$£€]/.test(replacement) && !CURRENCY.test(amount.unit)
      ? `${currency}${replacement}`
      : replacement;
  return tidy(
    `${text.slice(0, target.index)}${fixed}${text.slice(keepsUnit ? target.numberEnd : target.end)}`,
  );
}

function correctionBody(correction: string): string {
  return normalise(correction)
    .replace(CORRECTION_LEAD, '')
    .replace(/[.!]+$/, '')
    .trim();
}

/** A correction with its own action is a goal restated ('... no wait, save $6,000 by December'). */
function restates(fix: string): boolean {
  return fix.split(/\s+/).length >= 3 && readFrame(fix).action !== null;
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One message with its own correction applied: 'save $4,000 by June, no wait, by September'. */
export function correctWithin(message: string, today: Date): string {
  let text = message;
  // Several corrections in a row are applied in turn ('in 3 months, no, 4... actually 5').
  for (let i = 0; i < 3; i++) {
    const m = MID_MARKER.exec(text);
    if (!m || m.index === 0) return text;
    const original = text.slice(0, m.index);
    const rest = text.slice(m.index + m[0].length);
    if (!/\d|[a-z]/i.test(original) || rest.trim() === '') return text;
    if (restates(correctionBody(rest))) {
      text = rest;
      continue;
    }
    // What follows must be a correction (a date or an amount), not the rest of the sentence.
    const corrected = applyCorrection(original, rest, today);
    if (corrected === null || !isShortFix(rest, today)) return text;
    text = corrected;
  }
  return text;
}

/** A correction is a date or an amount and little else ('by the end of March next year', '8 weeks'). */
function isShortFix(rest: string, today: Date): boolean {
  const fix = normalise(rest).replace(CORRECTION_LEAD, '');
  const date = readDeadline(fix, today);
  const left = (date ? fix.replace(date.phrase, ' ') : fix).replace(/[.,!?]/g, ' ').trim();
  return left.split(/\s+/).filter(Boolean).length <= 4;
}

/** The correction a message makes of an earlier one ('actually, make it 10 km'), if it makes one. */
export function correctionOf(message: string): string | null {
  const text = normalise(message);
  if (!LEAD_MARKER.test(text)) return null;
  const rest = text.replace(LEAD_MARKER, '');
  if (restates(correctionBody(rest))) return null;
  return /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|january|february|march|april|may|june|july|august|september|october|november|december|week|month|year|end)\b/i.test(
    rest,
  )
    ? rest
    : null;
}
