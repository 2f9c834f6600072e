// Quest progress and the values heroes log against a goal's metric (spec 3, 5 and 9).

/** The unit whose values are times shown as minutes:seconds and stored as whole seconds (spec 3). */
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

/** Spec 9: quest progress percent = completed milestones / total milestones (0 with no milestones). */
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
 * Reads a logged progress value. For 'min:s' goals '5:30' and '330' both mean 330 seconds (spec 5);
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

/** Shows a stored value the way it was entered: 330 with 'min:s' reads '5:30', 12.5 with 'km' reads '12.5 km'. */
export function formatProgressValue(value: number, unit: string | null | undefined): string {
  if (!Number.isFinite(value)) return '';
  if (isMinSec(unit)) {
    const totalSeconds = Math.round(Math.abs(value));
    const minutes = Math.floor(totalSeconds / 60);
    const seconds = String(totalSeconds % 60).padStart(2, '0');
    return `${value < 0 && totalSeconds > 0 ? '-' : ''}${minutes}:${seconds}`;
  }
  const number = String(Math.round(value * 100) / 100);
  const label = unit?.trim() ?? '';
  if (label === '') return number;
  return label === '%' ? `${number}%` : `${number} ${label}`;
}
