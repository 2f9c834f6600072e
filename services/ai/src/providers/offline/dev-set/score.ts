import type { Plan } from '@lifequest/proto';
import type { GoalStatement } from './goal-statements.ts';

// Scores one plan against one statement of the development set, fact by fact. Units are compared by
// meaning rather than spelling ('kilograms' is 'kg', 'steps per day' is 'steps/day', 'blog posts' is
// 'posts'), so a real model's wording is not held against it; values within 1% and deadlines within a
// day count as right (42.195 km is a marathon; 'for 30 days' may end on the 30th or the 31st day).

export const FACTS = ['category', 'targetValue', 'unit', 'deadline', 'intent', 'title'] as const;
export type Fact = (typeof FACTS)[number];

/** The facts a plan statement is scored on; `title` only where the statement names what it must hold. */
const PLAN_FACTS: readonly Fact[] = ['category', 'targetValue', 'unit', 'deadline'];

/** What a plan says about the four facts; all null when there is no plan. */
export type Reading = {
  category: string | null;
  targetValue: number | null;
  unit: string | null;
  deadline: string | null;
  title: string | null;
};

export type Scored = {
  statement: GoalStatement;
  reading: Reading;
  /** Only the facts that apply to the statement: an answer is scored on `intent` alone. */
  right: Partial<Record<Fact, boolean>>;
};

export function readingOf(plan: Plan | null): Reading {
  if (!plan) return { category: null, targetValue: null, unit: null, deadline: null, title: null };
  const dates = plan.milestones.map((m) => m.due_date).filter((d): d is string => d !== null);
  return {
    category: plan.goal.category,
    targetValue: plan.goal.metric.target_value,
    unit: plan.goal.metric.unit,
    deadline: dates.length > 0 ? dates.sort().at(-1)! : null,
    title: plan.goal.title,
  };
}

export function scoreStatement(statement: GoalStatement, plan: Plan | null): Scored {
  const reading = readingOf(plan);
  const planned = plan !== null;
  // Advice, a question or small talk is answered: the one fact is that no plan came back.
  if (statement.answer) return { statement, reading, right: { intent: !planned } };
  const noNumber = planned && statesNoNumber(reading);
  const expected = statement.target;
  return {
    statement,
    reading,
    right: {
      category: reading.category === statement.category,
      targetValue: expected === null ? noNumber : closeTo(reading.targetValue, expected.value),
      unit: expected === null ? noNumber : sameUnit(reading.unit, expected.unit),
      deadline: reading.deadline !== null && Math.abs(dayDiff(reading.deadline, statement.deadline)) <= 1,
      ...(statement.title ? { title: titleHolds(reading.title, statement.title) } : {}),
    },
  };
}

/** The facts scored for a statement, in FACTS order. */
export function factsOf(statement: GoalStatement): Fact[] {
  if (statement.answer) return ['intent'];
  return statement.title ? [...PLAN_FACTS, 'title'] : [...PLAN_FACTS];
}

/**
 * A title holds what the hero named (each word group, case and spacing aside) and reads as a title: it
 * does not open with the hero's own 'I would like to' and does not end on a word cut from a longer phrase.
 */
export function titleHolds(title: string | null, named: readonly string[]): boolean {
  if (title === null) return false;
  const plain = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s-]+/g, ' ')
      .trim();
  const text = plain(title);
  if (/^i\b/.test(text)) return false;
  if (/\b(?:by|in|for|to|the|a|an|and|of|next|this|until|before|on|with|my|at)$/.test(text)) return false;
  return named.every((n) => text.includes(plain(n)));
}

/** A plan that invents no number: no metric, percent done, or the one thing itself ('1 course'). */
function statesNoNumber(r: Reading): boolean {
  if (r.targetValue === null) return true;
  if (r.targetValue === 100 && r.unit !== null && /^(?:%|percent)$/i.test(r.unit.trim())) return true;
  return r.targetValue === 1 && !(r.unit !== null && /\/|\bper\b|\ba (?:day|week)\b/i.test(r.unit));
}

function closeTo(actual: number | null, expected: number): boolean {
  if (actual === null) return false;
  if (expected === 0) return actual === 0;
  return Math.abs(actual - expected) <= Math.abs(expected) * 0.01;
}

function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/**
 * A unit as meaning: the words it was written with (`own`), every name it may go by (`names`) and the
 * period it is counted per, if any.
 */
type UnitMeaning = { own: Set<string>; names: Set<string>; period: 'day' | 'week' | 'month' | null };

const SESSION_WORDS = ['time', 'session', 'run', 'workout', 'visit', 'class', 'practice', 'call', 'entry'];

const SYNONYMS: ReadonlyArray<readonly string[]> = [
  ['$', 'usd', 'dollar', 'buck', 'us$'],
  ['£', 'gbp', 'pound', 'sterling'],
  ['€', 'eur', 'euro'],
  ['kg', 'kilogram', 'kilo', 'kgs'],
  ['lb', 'lbs', 'pound'],
  ['km', 'kilometre', 'kilometer', 'k', 'kms'],
  ['mi', 'mile'],
  ['min:s', 'mm:ss', 'm:ss', 'time', 'second', 'sec', 's'],
  ['minute', 'min', 'mins'],
  ['hour', 'hr', 'hrs', 'h'],
  ['litre', 'liter', 'l'],
  ['gram', 'g'],
  ['cefr level', 'cefr', 'level'],
  SESSION_WORDS,
  ['day', 'streak day', 'days in a row'],
  ['push-up', 'pushup', 'push up', 'press-up'],
  ['pull-up', 'pullup', 'pull up'],
  ['chin-up', 'chinup', 'chin up'],
  ['cigarette', 'cig'],
  ['coffee', 'cup'],
  ['drink', 'alcoholic drink', 'unit'],
  ['lecture', 'video'],
];

const PERIODS: Array<[RegExp, UnitMeaning['period']]> = [
  [
    /\s*(?:\/|\bper\b|\ba\b|\beach\b|\bevery\b)\s*(?:day|night|morning|evening)\b|\s*\bdaily\b|\s*\bnightly\b/,
    'day',
  ],
  [/\s*(?:\/|\bper\b|\ba\b|\beach\b|\bevery\b)\s*week\b|\s*\bweekly\b/, 'week'],
  [/\s*(?:\/|\bper\b|\ba\b|\beach\b|\bevery\b)\s*month\b|\s*\bmonthly\b/, 'month'],
];

function singular(word: string): string {
  if (/(?:ss|us)$/.test(word)) return word;
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  return word.replace(/s$/, '');
}

export function unitMeaning(unit: string): UnitMeaning {
  let text = unit.toLowerCase().replace(/\s+/g, ' ').trim();
  let period: UnitMeaning['period'] = null;
  for (const [pattern, name] of PERIODS) {
    if (pattern.test(text)) {
      period = name;
      text = text.replace(pattern, ' ').trim();
    }
  }
  const whole = singular(text);
  const head = singular(text.split(/[\s_]+/).at(-1) ?? text);
  const own = new Set([whole, head]);
  // 'times a week' and 'days a week' say the same: how many sessions in the period.
  if (period !== null && own.has('day')) own.add('time');
  const names = new Set(own);
  for (const group of SYNONYMS) {
    if (group.some((name) => own.has(name))) for (const name of group) names.add(name);
  }
  return { own, names, period };
}

export function sameUnit(actual: string | null, expected: string): boolean {
  if (actual === null || actual.trim() === '') return false;
  const a = unitMeaning(actual);
  const e = unitMeaning(expected);
  // A per-period target whose value already matched may leave the period out of its unit.
  if (e.period === null ? a.period !== null : a.period !== null && a.period !== e.period) return false;
  // Either side's own words named by the other: 'pounds' is 'lb' or '£', but 'lb' is never '£'.
  for (const name of a.own) if (e.names.has(name)) return true;
  for (const name of e.own) if (a.names.has(name)) return true;
  return false;
}
