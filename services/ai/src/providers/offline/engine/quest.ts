import type { GoalCategory, Plan } from '@lifequest/proto';
import { type CoachState, resolvedTarget } from './coach.ts';
import { domainById } from './domain.ts';
import { difficultyOf } from './feasibility.ts';
import { contentWords } from './frame.ts';
import { readMeasure } from './measure.ts';
import { buildMilestonePlan, GOAL_XP, xpBonuses } from './milestones.ts';
import { daysBetween, formatLongDate, fromIsoDate } from './readers/calendar.ts';
import { formatNumber, NUM, parseNumberToken } from './readers/numbers.ts';
import type { Target } from './readers/quantity.ts';
import type { CoachFinalGoal, CoachPlan, CoachSmartGoalData, PlanMilestone } from './schemas.ts';
import { cefrName, describeDistance, describeMeasure, describeTarget, metricUnit } from './target.ts';

// From the coach's state to the things the product stores and shows: the quest title, the SMART parts
// as sentences, the onboarding finalGoal and the advisor's Plan.

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Read 12 books', 'Save $5,000', 'Run 5 km in under 30:00', 'Learn Spanish: reach B1'. */
export function questTitle(s: CoachState, today: Date): string {
  const target = resolvedTarget(s, today);
  const phrase = refreshed(s.goal?.phrase ?? 'My quest', s, target);
  const verb = (phrase.split(' ')[0] ?? '').toLowerCase();
  const keepPhrase =
    phraseMatchesMeasure(phrase, s) ||
    (s.measure?.type === 'per-period' && s.measure.target.value === 0) ||
    // One piece of work ('record a song') is best named as the hero named it.
    (s.measure?.type === 'total' && s.measure.target.kind === 'count' && s.measure.target.value === 1) ||
    !s.measure ||
    !target ||
    ((s.measure.type === 'habit' || s.measure.type === 'per-period') &&
      /\b(?:daily|every|weekly|nightly|monthly|fortnightly|a day|a week|a night|a month|per|down to|to \d)\b/i.test(
        phrase,
      ) &&
      /\d|\b(?:every|daily|weekly|nightly|monthly|fortnightly|once|twice)\b/.test(phrase));
  let title: string;
  if (keepPhrase) {
    title = phrase;
  } else if (target.kind === 'weight') {
    title = `${target.direction === 'gain' ? 'Gain' : 'Lose'} ${describeTarget(target)}`;
  } else if (target.kind === 'money' && !target.per) {
    const action =
      s.goal?.domain === 'debt'
        ? 'Pay off'
        : /^(?:invest|earn|raise)$/.test(verb)
          ? capitalise(verb)
          : 'Save';
    title = `${action} ${describeTarget(target)}${s.goal?.domain === 'debt' && !/debt/i.test(phrase) ? ' of debt' : ''}`;
  } else if (target.kind === 'time') {
    title = `${capitalise(/^(?:swim|walk|cycle|bike|row)$/.test(verb) ? verb : 'run')} ${describeTarget(target)}`;
  } else if (target.kind === 'distance' && s.measure?.type === 'total') {
    title = `${capitalise(/^(?:swim|walk|cycle|bike|hike|row)$/.test(verb) ? verb : 'run')} ${describeDistance(target.value * (target.unit === 'mi' ? 1.609 : 1))}`;
  } else if (target.kind === 'level') {
    title = `${phrase}: reach ${cefrName(target.value)}`;
  } else if (
    s.measure?.type === 'total' &&
    target.kind === 'count' &&
    phrase.toLowerCase().includes(lastWord(target.unit))
  ) {
    title = `${capitalise(verb)} ${describeTarget(target)}`;
  } else if (
    s.measure?.type === 'habit' &&
    s.measure.perWeek === 7 &&
    !s.measure.minutes &&
    !s.measure.perDay
  ) {
    title = `${phrase}: ${formatNumber(target.value)}-day streak`;
  } else {
    title = `${phrase}: ${s.measure ? describeMeasure(s.measure) : describeTarget(target)}`;
  }
  return fitTitle(keepPhrase ? title : withHeroWords(title, phrase, target));
}

/** Words a title may drop without losing what the hero named: amounts, units and the usual verbs. */
const MEASURE_WORDS = new Set(
  'kg kilo kilogram lb pound stone km mile metre meter k mi dollar buck euro quid usd money cash save saving put set aside away stash lose drop shed gain get run do make reach hit complete finish have build want pay off clear debt'.split(
    ' ',
  ),
);

/** The numbers written in a phrase: '$2,000', '20k', 'three', 'ten thousand'. */
function numbersIn(phrase: string): number[] {
  const out: number[] = [];
  for (const m of phrase.toLowerCase().matchAll(new RegExp(`${NUM}(k\\b)?`, 'g'))) {
    const n = parseNumberToken(`${m[1]}${m[2] ?? ''}`);
    if (n !== null) out.push(n);
  }
  return out;
}

/**
 * A title composed from a measure ('Save $2,000', 'Run 100 km', 'Learn 3 songs') keeps what the hero
 * named beside it: the instrument, the place, the sum's purpose, the activity. When the hero's own
 * phrase states the target, the phrase is the title ('Ride 100 km on my road bike'); otherwise the
 * phrase's purpose is added to the measure ('Save $900 for Christmas presents').
 */
function withHeroWords(core: string, phrase: string, target: Target | null): string {
  const stem = (w: string) => w.replace(/(?:ing|ed|er)$/, '').replace(/(.)\1$/, '$1');
  const have = new Set(contentWords(core).map(stem));
  const plain = (w: string) =>
    !MEASURE_WORDS.has(w) && !MEASURE_WORDS.has(stem(w)) && parseNumberToken(w) === null;
  const named = contentWords(phrase).filter((w) => !have.has(stem(w)) && plain(w));
  const value = target?.value ?? null;
  const holds = value !== null && numbersIn(phrase).some((n) => Math.abs(n - value) < 1e-9);
  // 'Meditate for ten minutes a day: 10 minutes a day' says it twice.
  if (holds && core.startsWith(`${phrase}: `)) return phrase;
  if (named.length === 0) return core;
  // The phrase names what the measure counts ('the London marathon' for 'Run a marathon').
  const counted = contentWords(core).filter(plain);
  const phraseWords = new Set(contentWords(phrase).map(stem));
  const namesIt = counted.length > 0 && counted.every((w) => phraseWords.has(stem(w)));
  if (holds || namesIt || target?.kind === 'time') return phrase;
  const tail = /\s(?:for|towards?|on|to|into)\s+(?!(?:\d|[$£€]))(.+)$/i.exec(phrase);
  if (tail && contentWords(tail[0]).some((w) => named.includes(w))) return `${core}${tail[0]}`;
  // The phrase without its own verb is what the measure is about: 'Pay off my card debt' after '$3,000'.
  const rest = phrase.replace(/^\S+(?:\s+(?:off|up|aside|away|down|back|out|to))?\s+/i, '');
  if (/^(?:for|towards?|on|to|into|in|at|with)\b/i.test(rest)) return `${core} ${rest}`;
  if (/^pay off\b/i.test(core)) return `${core.replace(/ of debt$/, '')} on ${rest}`;
  if (/^save\b/i.test(core)) return `${core} for ${rest}`;
  return `${core}: ${rest}`;
}

/**
 * The hero's phrase with a count revised since ('Read 12 books' after 'make it 20 novels' reads 'Read 20
 * novels'): the number, and its noun when the noun changed too.
 */
function refreshed(phrase: string, s: CoachState, target: Target | null): string {
  if (s.measure?.type !== 'total' || target?.kind !== 'count') return phrase;
  const found = [...phrase.matchAll(new RegExp(`(?<![\\w$£€])${NUM}(?=\\s)`, 'gi'))];
  if (found.length !== 1) return phrase;
  const m = found[0]!;
  const value = parseNumberToken(m[1]!);
  if (value === null || value === target.value) return phrase;
  const start = m.index;
  const end = start + m[0].length;
  const noun = lastWord(target.unit);
  const rest = phrase.slice(end);
  const nounWords =
    /^\s+((?:(?!(?:by|in|on|for|of|about|from|with|to|and|before|until)\b)[\w'-]+\s*){1,3})/i.exec(rest);
  if (!nounWords || nounWords[1]!.toLowerCase().includes(noun.replace(/s$/, '')))
    return `${phrase.slice(0, start)}${formatNumber(target.value)}${rest}`;
  return `${phrase.slice(0, start)}${describeTarget(target)} ${rest.slice(nounWords[0].length)}`.trim();
}

/** At most 80 characters, cut between words and never after a dangling little word. */
function fitTitle(title: string): string {
  if (title.length <= 80) return title;
  let cut = title.slice(0, 80).replace(/\s+\S*$/, '');
  cut = cut.replace(
    /(?:\s+(?:by|in|for|to|the|a|an|and|of|next|this|until|before|on|with|my|at|from))+\s*$/i,
    '',
  );
  return cut.replace(/[\s,;:-]+$/, '');
}

/** The goal phrase already states the current measure ('Read 12 books' for 12 books), so it can be the title. */
function phraseMatchesMeasure(phrase: string, s: CoachState): boolean {
  if (!/\d/.test(phrase) || !s.measure) return false;
  const own = readMeasure(phrase, null);
  return own !== null && JSON.stringify(own) === JSON.stringify(s.measure);
}

/** The 'specific' part: the hero's phrase, unless a later answer changed the number it states. */
export function specificText(s: CoachState, today: Date): string | null {
  if (!s.goal) return null;
  if (/\d/.test(s.goal.phrase) && s.measure && !phraseMatchesMeasure(s.goal.phrase, s))
    return questTitle(s, today);
  return s.goal.phrase;
}

function lastWord(unit: string): string {
  return (unit.split(' ').pop() ?? unit).toLowerCase().replace(/s$/, '');
}

export function measurableText(s: CoachState, today: Date): string | null {
  if (s.measureText) return s.measureText;
  if (!s.measure) return null;
  const base = capitalise(describeMeasure(s.measure));
  if (!s.deadline) return base;
  const total = resolvedTarget(s, today);
  // Money put aside adds up, and a daily streak counts its days; say what that comes to.
  if (s.measure.type === 'rate' && total)
    return `${base} (${formatNumber(total.value)} ${total.unit} in total)`;
  if (s.measure.type === 'habit' && total?.unit === 'days')
    return `${base} (${formatNumber(total.value)} days)`;
  return base;
}

/**
 * The goal's category: what is measured decides first (money is finance, a body or a race is fitness, a
 * level or a course is education, cutting back is a habit, and so is any rhythm outside fitness), then
 * the area the goal is in.
 */
export function categoryOf(s: CoachState): GoalCategory | null {
  if (!s.goal) return null;
  const area = domainById(s.goal.domain);
  const m = s.measure;
  const target =
    m?.type === 'total' || m?.type === 'per-period' ? m.target : m?.type === 'rate' ? m.amount : null;
  if (target?.kind === 'money') return 'finance';
  if (m?.type === 'done') return m.what === 'race' ? 'fitness' : 'education';
  if (target && ['weight', 'lift', 'time', 'reps', 'distance'].includes(target.kind ?? '')) return 'fitness';
  if (target?.kind === 'level') return 'education';
  if (target?.kind === 'score') return scoreCategory(target.unit) ?? area.category;
  if (m?.type === 'per-period' && target?.bound === 'at-most') return 'habit';
  if (m?.type === 'habit' || m?.type === 'per-period')
    return area.category === 'fitness' ? 'fitness' : 'habit';
  return area.category;
}

/** What a score measures decides its category where the name says it: a credit score is money. */
function scoreCategory(unit: string): GoalCategory | null {
  if (/\b(?:credit|fico|savings)\b/i.test(unit)) return 'finance';
  if (/\b(?:body fat|heart rate|blood pressure|cholesterol|handicap)\b/i.test(unit)) return 'fitness';
  if (/\b(?:gpa|grade|exam|test)\b/i.test(unit)) return 'education';
  return null;
}

export function difficultyOfState(s: CoachState): 'easy' | 'medium' | 'hard' {
  return difficultyOf(s.feasibility?.verdict ?? 'unknown');
}

export function milestonesOf(
  s: CoachState,
  today: Date,
  overrides: { totalXp?: number; count?: number } = {},
): PlanMilestone[] {
  if (!s.goal || !s.deadline) return [];
  return buildMilestonePlan({
    title: questTitle(s, today),
    target: resolvedTarget(s, today),
    deadline: s.deadline.date,
    today,
    difficulty: difficultyOfState(s),
    domain: s.goal.domain,
    completion: s.measure?.type === 'done' ? { thing: s.measure.thing, what: s.measure.what } : null,
    ...overrides,
  });
}

export function smartGoalData(s: CoachState, today: Date): CoachSmartGoalData {
  const area = s.goal ? domainById(s.goal.domain) : null;
  return {
    specific: specificText(s, today),
    measurable: measurableText(s, today),
    achievable: s.achievable?.text ?? null,
    relevant: s.why,
    timeBound: s.deadline ? `By ${formatLongDate(s.deadline.date)}` : null,
    title: s.goal ? questTitle(s, today) : null,
    target: resolvedTarget(s, today),
    deadline: s.deadline?.date ?? null,
    category: categoryOf(s),
    className: area?.className ?? null,
    foundation: area?.foundation ?? null,
    difficulty: s.goal && s.deadline ? difficultyOfState(s) : null,
  };
}

export function finalGoal(s: CoachState, today: Date): CoachFinalGoal | null {
  if (!s.goal || !s.deadline) return null;
  return {
    title: questTitle(s, today),
    deadline: s.deadline.date,
    milestones: milestonesOf(s, today).map((m) => m.label),
  };
}

/** The metric of a plan; a goal without a number is tracked as percent done. */
function metricOf(target: Target | null): Plan['goal']['metric'] {
  if (!target) return { target_value: 100, unit: '%' };
  return { target_value: target.value, unit: metricUnit(target) };
}

export function planOf(s: CoachState, today: Date): CoachPlan | null {
  if (!s.goal || !s.deadline) return null;
  const difficulty = difficultyOfState(s);
  const total = GOAL_XP[difficulty];
  return {
    goal: {
      title: questTitle(s, today),
      category: categoryOf(s) ?? 'project',
      difficulty,
      metric: metricOf(resolvedTarget(s, today)),
    },
    milestones: milestonesOf(s, today, { totalXp: total }),
    xp_policy: { total_goal_xp: total, bonuses: xpBonuses(total) },
    habits: domainById(s.goal.domain).habits,
  };
}

export function daysLeft(s: CoachState, today: Date): number {
  return s.deadline ? daysBetween(today, fromIsoDate(s.deadline.date)) : 0;
}
