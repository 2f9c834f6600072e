// Quest progress and the values heroes log against a goal's metric (docs/product.md#xp-rules).

/** The unit whose values are times shown as minutes:seconds and stored as whole seconds (docs/product.md#xp-rules). */
export const MIN_SEC_UNIT = 'min:s';

/**
 * Integer percent of `part` in `whole`, rounded down and clamped to 0..100; 0 when `whole` is empty.
 * Rounding down means a bar never claims 100% (or a skill 80%) before it is truly reached.
 */
export function percentOf(part: number, whole: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0 || part <= 0) return 0;
  return Math.min(100, Math.floor((100 * part) / whole));
}

export interface QuestProgress {
  completed: number;
  total: number;
  percent: number;
}

/** Quest progress percent = completed milestones / total milestones (0 with no milestones). */
export function questProgress(milestones: readonly { is_completed: boolean }[]): QuestProgress {
  const completed = milestones.filter((milestone) => milestone.is_completed).length;
  return { completed, total: milestones.length, percent: percentOf(completed, milestones.length) };
}

export type ProgressValueResult = { ok: true; value: number } | { ok: false; error: string };

export const PROGRESS_VALUE_ERRORS = {
  empty: 'Please enter a value.',
  time: 'Enter a time as minutes:seconds (e.g. 5:30) or as whole seconds (e.g. 330).',
  seconds: 'Seconds must be between 00 and 59 (e.g. 5:30).',
  number: 'Enter a number (e.g. 12.5).',
} as const;

const MINUTES_SECONDS = /^(\d+):(\d{2})$/;
const WHOLE_SECONDS = /^\d+$/;
// Stricter than Number(): rejects '', '0x10', '1e3', 'Infinity' and other forms a hero does not mean.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function isMinSec(unit: string | null | undefined): boolean {
  return unit?.trim().toLowerCase() === MIN_SEC_UNIT;
}

/**
 * Reads a logged progress value. For 'min:s' goals '5:30' and '330' both mean 330 seconds (docs/product.md#xp-rules);
 * other units take any finite decimal. Never throws: bad input comes back as a message to show.
 */
export function parseProgressValue(input: string, unit: string | null | undefined): ProgressValueResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: PROGRESS_VALUE_ERRORS.empty };

  if (isMinSec(unit)) {
    const parts = MINUTES_SECONDS.exec(text);
    if (parts) {
      const seconds = Number(parts[2]);
      if (seconds > 59) return { ok: false, error: PROGRESS_VALUE_ERRORS.seconds };
      return { ok: true, value: Number(parts[1]) * 60 + seconds };
    }
    if (WHOLE_SECONDS.test(text)) return { ok: true, value: Number(text) };
    return { ok: false, error: PROGRESS_VALUE_ERRORS.time };
  }

  if (!DECIMAL.test(text)) return { ok: false, error: PROGRESS_VALUE_ERRORS.number };
  const value = Number(text);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: PROGRESS_VALUE_ERRORS.number };
}

/** Money units a plan may carry: a currency symbol, alone or per period ('$', '€', '£/month'). */
const MONEY_UNIT = /^([$€£])(\/\S+)?$/;
/** The coach counts a language level as 1-6 (A1 ... C2) in unit 'CEFR level'. */
const CEFR_UNIT = 'cefr level';
const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

function grouped(value: number, fractionDigits: { min: number; max: number }): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits.min,
    maximumFractionDigits: fractionDigits.max,
  });
}

/**
 * A value with its unit, the one way the web shows a metric (a logged value, a plan's or a quest's
 * target): 330 with 'min:s' reads '5:30', 2000 with '$' reads '$2,000', 400 with '$/month' reads
 * '$400/month', 3 with 'CEFR level' reads 'CEFR B1', 10000 with 'steps/day' reads '10,000 steps/day'.
 */
export function formatProgressValue(value: number, unit: string | null | undefined): string {
  if (!Number.isFinite(value)) return '';
  if (isMinSec(unit)) {
    const totalSeconds = Math.round(Math.abs(value));
    const minutes = Math.floor(totalSeconds / 60);
    const seconds = String(totalSeconds % 60).padStart(2, '0');
    return `${value < 0 && totalSeconds > 0 ? '-' : ''}${minutes}:${seconds}`;
  }
  const label = unit?.trim() ?? '';
  const money = MONEY_UNIT.exec(label);
  if (money) {
    // Cents only when there are any: '$2,000', '$12.50'.
    const cents = Math.round(Math.abs(value) * 100) % 100 !== 0;
    const amount = grouped(Math.abs(value), cents ? { min: 2, max: 2 } : { min: 0, max: 0 });
    return `${value < 0 ? '-' : ''}${money[1]}${amount}${money[2] ?? ''}`;
  }
  if (label.toLowerCase() === CEFR_UNIT && Number.isInteger(value) && value >= 1 && value <= 6) {
    return `CEFR ${CEFR_LEVELS[value - 1]}`;
  }
  // `|| 0`: a value that rounds to nothing reads '0', not '-0'.
  const number = grouped(Math.round(value * 100) / 100 || 0, { min: 0, max: 2 });
  if (label === '') return number;
  // A rhythm reads as one: 'twice a month', 'once every two weeks', '3 times a week'.
  const rhythm = /^times?\/(day|week|fortnight|month)$/i.exec(label);
  if (rhythm) {
    const often = value === 1 ? 'once' : value === 2 ? 'twice' : `${number} times`;
    const period = rhythm[1]!.toLowerCase();
    return `${often} ${period === 'fortnight' ? 'every two weeks' : `a ${period}`}`;
  }
  // A share of something ('% body fat') keeps its sign on the number: '15% body fat'.
  return label.startsWith('%') ? `${number}${label}` : `${number} ${label}`;
}

/**
 * A target, which stands alone on a badge or a card where nothing else says what kind of number it is:
 * a time also names its unit ('27:00 min:s'); every other unit reads as formatProgressValue has it.
 */
export function formatTargetValue(value: number, unit: string | null | undefined): string {
  const text = formatProgressValue(value, unit);
  return isMinSec(unit) && text !== '' ? `${text} ${MIN_SEC_UNIT}` : text;
}
