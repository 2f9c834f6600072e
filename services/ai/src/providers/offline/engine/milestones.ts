import { splitMilestoneXp } from '@lifequest/proto';
import { type DomainId, detectDomain } from './domain.ts';
import { assessFeasibility, type Difficulty, difficultyOf } from './feasibility.ts';
import { addDays, daysBetween, describeSpan, fromIsoDate, toIsoDate } from './readers/calendar.ts';
import type { Completion } from './readers/completion.ts';
import { formatClock, formatMoney, formatNumber, unitFor } from './readers/numbers.ts';
import type { Target } from './readers/quantity.ts';
import type { PlanMilestone } from './schemas.ts';
import { cefrName, describeDistance, describeScore, describeTarget } from './target.ts';

// Milestone plans: checkpoints spread evenly from today to the deadline, labelled in the goal's own
// terms ('Read 3 of 12 books', 'Save $1,250 of $5,000'), with the goal's XP split across them.
//
// XP: a goal is worth GOAL_XP by difficulty (easy 300, medium 500, hard 800) unless a total is given,
// shared by proto's one rule (splitMilestoneXp: the last milestone weighs double, 100 XP over three
// milestones is the product's 25/25/50).

export const GOAL_XP: Record<Difficulty, number> = { easy: 300, medium: 500, hard: 800 };

/** Bonuses of the plan's xp_policy: 10% of the goal for a milestone done early, and a small daily-log reward. */
export function xpBonuses(totalXp: number): { early_milestone: number; logging_daily: number } {
  return { early_milestone: Math.round(totalXp * 0.1), logging_daily: 5 };
}

/** 3 milestones for up to two weeks, 4 up to two months, 5 up to six months, 6 beyond. */
export function milestoneCount(spanDays: number): number {
  if (spanDays <= 14) return 3;
  if (spanDays <= 60) return 4;
  if (spanDays <= 180) return 5;
  return 6;
}

const PARTICLES = /^(?:off|down|up|back|out|aside)$/i;
const DEFAULT_VERB: Record<string, string> = {
  money: 'Save',
  weight: 'Lose',
  distance: 'Run',
  time: 'Run',
  level: 'Reach',
  percent: 'Reach',
  sessions: 'Complete',
  count: 'Complete',
};

/** Verbs that read well in front of any count ('Learn 100 of 500 words'); others fall back to 'Complete'. */
const COUNT_VERBS =
  /^(?:read|learn|write|complete|finish|do|make|publish|save|lose|gain|run|walk|swim|cycle|ride|hike|study|practise|practice|pay|earn|invest|meditate|log|visit|cook|draw|paint|post|record|apply|attend|take|watch|play)$/i;

/** The action word of a title: 'Read 12 books' -> 'Read', 'Pay off $3,000' -> 'Pay off'. */
function verbOf(title: string, target: Target | null): string {
  if (target?.kind === 'sessions') return 'Complete';
  const words = title.replace(/[:,].*$/, '').split(/\s+/);
  // 'Visit 5 countries', 'Apply to 30 jobs': a verb right before the number reads well before any count.
  const before = /^([A-Za-z]+)(\s+(?:to|for|on|at|in))?\s+\d/.exec(title);
  if (target?.kind === 'count' && before && !/^(?:my|a|an|the|i)$/i.test(before[1]!))
    return `${before[1]!.charAt(0).toUpperCase()}${before[1]!.slice(1).toLowerCase()}${before[2] ?? ''}`;
  if (target?.kind === 'count' && !COUNT_VERBS.test(words[0] ?? ''))
    return target.unit === 'hours' ? 'Log' : 'Complete';
  const first = words[0] ?? '';
  const looksLikeVerb = /^[A-Za-z]+$/.test(first) && !/^(?:my|a|an|the|\d.*)$/i.test(first);
  if (!looksLikeVerb) return DEFAULT_VERB[target?.kind ?? 'count'] ?? 'Complete';
  const verb = first.charAt(0).toUpperCase() + first.slice(1).toLowerCase();
  if (words[1] && PARTICLES.test(words[1])) return `${verb} ${words[1].toLowerCase()}`;
  // 'Put $100 into savings every week' adds up as savings: 'Save $867 of $5,200', not 'Put $867'.
  if (target?.kind === 'money' && /^(?:put|set|stash|stick|move|transfer)$/i.test(first)) return 'Save';
  return verb;
}

function amount(target: Target, value: number): string {
  if (target.kind === 'money') return formatMoney(value, target.unit);
  if (target.kind === 'percent') return `${formatNumber(value)}%`;
  return formatNumber(value, target.kind === 'weight' || target.kind === 'distance' ? 1 : 0);
}

/** Cumulative checkpoints rounded to what the unit allows, e.g. whole books, 0.1 kg, whole dollars. */
function checkpoints(target: Target, count: number): number[] {
  const decimals =
    target.kind === 'weight' || target.kind === 'distance' || target.kind === 'percent' ? 1 : 0;
  const f = 10 ** decimals;
  return Array.from({ length: count }, (_, i) =>
    i === count - 1 ? target.value : Math.round(((target.value * (i + 1)) / count) * f) / f,
  );
}

function cumulativeLabels(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, target);
  const values = checkpoints(target, count);
  // A change by a share ('cut screen time by 50%') is the hero's own words, step by step.
  const share = `${formatNumber(target.value)}%`;
  if (target.kind === 'percent' && title.includes(share))
    return values.map((v) => title.replace(share, `${formatNumber(v)}%`));
  const total = amount(target, target.value);
  const unitText = (n: number) =>
    target.kind === 'money' || target.kind === 'percent' ? '' : ` ${unitFor(n, target.unit)}`;
  return values.map((v, i) => {
    const stalled = i > 0 && v === values[i - 1];
    if (i === count - 1) {
      return target.kind === 'count' || target.kind === 'sessions'
        ? `${verb} all ${total}${unitText(target.value)}`
        : `${verb} the full ${total}${unitText(target.value)}`;
    }
    if (v <= 0 || stalled) {
      return `${verb} ${total}${unitText(target.value)}: ${Math.round(((i + 1) / count) * 100)}% of the way`;
    }
    return `${verb} ${amount(target, v)} of ${total}${unitText(target.value)}`;
  });
}

function timeLabels(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, target);
  const distance = describeDistance(target.distanceKm ?? 5);
  // Without a known baseline, assume the hero starts about 20% slower than the target and closes the
  // gap evenly; the first checkpoint measures the real baseline.
  const start = Math.round((target.value * 1.2) / 30) * 30;
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return `${verb} ${distance} at an easy pace and time it to set your baseline`;
    if (i === count - 1) return `${verb} ${distance} in under ${formatClock(target.value)}`;
    const step = start - ((start - target.value) * i) / (count - 1);
    return `${verb} ${distance} in under ${formatClock(Math.round(step / 15) * 15)}`;
  });
}

function buildUpLabels(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, target);
  // 'Complete a 10k race' trains by running: 'Run 3.3 km without stopping', then 'Complete 10 km'.
  const moving = /^(?:complete|finish|do|achieve)$/i.test(verb) ? 'Run' : verb;
  const km = target.unit === 'mi' ? target.value * 1.609 : target.value;
  return Array.from({ length: count }, (_, i) => {
    if (i === count - 1) return `${verb} ${describeDistance(km)}`;
    return `${moving} ${formatNumber((km * (i + 1)) / count)} km without stopping`;
  });
}

function repsLabels(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, { ...target, kind: 'count' });
  return checkpoints(target, count).map((v, i) =>
    i === count - 1
      ? `${verb} ${formatNumber(target.value)} ${target.unit} in a row`
      : `${verb} ${formatNumber(Math.max(1, v))} ${unitFor(v, target.unit)} in a row`,
  );
}

function levelLabels(target: Target, count: number): string[] {
  const hours = [100, 200, 400, 600, 850, 1100][Math.min(Math.max(target.value, 1), 6) - 1]!;
  const level = cefrName(target.value);
  return Array.from({ length: count }, (_, i) => {
    if (i === count - 1) return `Reach level ${level} (CEFR)`;
    return `Log ${Math.round((hours * (i + 1)) / count)} of ${hours} study hours towards ${level}`;
  });
}

/** A new job or a promotion: its own steps instead of a project's draft and polish. */
const CAREER =
  /\b(?:job|career|promot(?:ed|ion)|hired|new role|position|internship|pay rise|raise at work)\b/i;
const PROMOTION = /\b(?:promot(?:ed|ion)|pay rise|raise at work)\b/i;
/** [first step, the steps after it (the later ones kept when only some fit), the one repeated to fill]. */
const CAREER_STEPS: Record<'job' | 'promotion', [string, string[], string]> = {
  job: [
    'Find out what the role asks for and where you stand',
    [
      'Update your CV and profile',
      'Apply, and ask for referrals and feedback',
      'Prepare and practise for interviews',
    ],
    'Keep applying',
  ],
  promotion: [
    'Ask what the next level asks of you and where you stand',
    [
      'Take on work at the next level and note what you deliver',
      'Ask for feedback on your progress',
      'Make your case for the promotion',
    ],
    'Keep delivering at the next level',
  ],
};

/** A new job or a promotion in its own steps, not a project's draft and polish. */
function careerLabels(title: string, count: number): string[] {
  const [first, steps, again] = CAREER_STEPS[PROMOTION.test(title) ? 'promotion' : 'job'];
  const middle = count - 2;
  const chosen =
    middle <= steps.length
      ? steps.slice(steps.length - middle)
      : [
          ...steps.slice(0, -1),
          ...Array.from({ length: middle - steps.length }, (_, i) => `${again}: round ${i + 2}`),
          steps.at(-1)!,
        ];
  return [first, ...chosen, `Finish: ${title}`].slice(-count);
}

/** Things made or built: a draft, then polish. */
const MAKING =
  /^(?:build|make|write|create|launch|ship|design|develop|code|program|record|publish|paint|draw|compose|film|produce|finish|complete|set up|open|start|renovate|redo|knit|sew|craft|plant|organi[sz]e|declutter|release|self-publish)\b/i;
/** Areas where a goal without a number is a skill to practise ('do a handstand', 'meditate without a guide'). */
const PRACTISED = new Set<DomainId>([
  'fitness',
  'running',
  'weight',
  'wellness',
  'mindfulness',
  'learning',
  'language',
]);

/** A skill: learned, practised, tried in full, then done ('Do a handstand'). */
function practiceLabels(title: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return 'Find a guide or a class and learn the first steps';
    if (i === count - 1) return title;
    if (count >= 4 && i === count - 2) return 'Try it in full and note what to improve';
    if (i === 1) return 'Practise a few times a week';
    return `Keep practising: ${Math.round((i / (count - 1)) * 100)}% of the way`;
  });
}

/** Something to arrange ('Move to Spain', 'Climb Kilimanjaro'): found out, planned, booked, done. */
function undertakingLabels(title: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return 'Find out what it takes and what it costs';
    if (i === count - 1) return title;
    if (i === count - 2) return 'Book and arrange what is needed';
    if (i === 1) return 'Make the plan and set the budget';
    return `Take the next steps: ${Math.round((i / (count - 1)) * 100)}% of the way`;
  });
}

function stageLabels(title: string, count: number, domain: DomainId | null = null): string[] {
  if (CAREER.test(title)) return careerLabels(title, count);
  if (!MAKING.test(title)) {
    const area = domain ?? detectDomain(title)?.id ?? null;
    // 'Do a handstand', 'learn to juggle', 'be able to touch my toes': a skill whatever its area.
    const skill = /^(?:do an? |learn (?:to|how to) |be able to |master )/i.test(title);
    return skill || (area !== null && PRACTISED.has(area))
      ? practiceLabels(title, count)
      : undertakingLabels(title, count);
  }
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return 'Map the steps and gather what you need';
    if (i === count - 1) return `Finish: ${title}`;
    if (count >= 5 && i === 1) return 'Produce a first draft or prototype';
    if (count >= 4 && i === count - 2) return 'Polish, test and get feedback';
    const pct = Math.round((i / (count - 1)) * 100);
    return pct === 50 ? 'Reach the halfway point' : `Reach the ${pct}% mark`;
  });
}

/** Two things, one after the other: choose, (halfway,) finish the first, (halfway,) finish the second. */
function twoThingsLabels(title: string, target: Target, count: number): string[] {
  const one = unitFor(1, target.unit);
  const verb = verbOf(title, target);
  // An event is trained for, not gone halfway through.
  const event =
    /(?:marathon|race|triathlon|ultra|\d+k|trip|exam|match|tournament|competition|concert|gig)$/i.test(one);
  const halfway = (nth: string) =>
    event ? `Train and prepare for the ${nth} ${one}` : `Halfway through the ${nth} ${one}`;
  const all = [
    `Choose your first ${one} and set aside the time`,
    halfway('first'),
    `${verb} the first ${one}`,
    halfway('second'),
    `${verb} the second ${one}`,
  ];
  // Fewer checkpoints drop the halfway marks, the first one first.
  const drop = Math.max(0, all.length - count);
  return all.filter((_, i) => !((i === 1 && drop >= 1) || (i === 3 && drop >= 2))).slice(-count);
}

/** An income to reach ('make $1,000 a month'): built up step by step, as money put aside is. */
function incomeLabels(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, target);
  return checkpoints(target, count).map(
    (v) =>
      `${verb} ${formatMoney(Math.round(v), target.unit)} a ${target.per === 'fortnight' ? 'fortnight' : target.per}`,
  );
}

/** A habit kept for longer and longer: '10,000 steps a day for 2 weeks', then 4, then the whole span. */
function keptLabels(title: string, target: Target, count: number, spanDays: number): string[] {
  const amount = describeTarget(target);
  // 'Go to the gym 3 times a week' says what is kept better than 'Complete 3 times a week'.
  // A title that states its own rhythm ('Go to therapy every two weeks') says what is kept.
  const statesRhythm = /\b(?:every|each|daily|nightly|weekly|fortnightly|monthly|once|twice|times a)\b/i.test(
    title,
  );
  const kept =
    (title.toLowerCase().endsWith(amount.toLowerCase()) || statesRhythm) && !title.includes(':')
      ? title
      : `${verbOf(title, { ...target, kind: target.kind === 'count' ? undefined : target.kind })} ${amount}`;
  return Array.from({ length: count }, (_, i) => {
    const days = Math.max(1, Math.round((spanDays * (i + 1)) / count));
    return i === count - 1 ? `${kept}, all the way to the finish` : `${kept} for ${describeSpan(days)}`;
  });
}

/** A daily streak grown in the hero's words: 'Make my bed every day for 5 days', then 11, then all 21. */
function streakLabels(title: string, target: Target, count: number): string[] {
  const core = title.replace(/:\s*[\d,]+-day streak$/, '');
  // A challenge that counts its own days ('a 30-day plank challenge') is walked day by day.
  if (/\b\d+[- ]day\b/.test(core)) {
    return checkpoints(target, count).map((v, i) =>
      i === count - 1
        ? `${core}: all ${formatNumber(target.value)} days`
        : `${core}: day ${formatNumber(v)} of ${formatNumber(target.value)}`,
    );
  }
  return checkpoints(target, count).map((v, i) =>
    i === count - 1
      ? `${core} for all ${formatNumber(target.value)} days`
      : `${core} for ${formatNumber(v)} ${unitFor(v, 'days')}`,
  );
}

/** Cutting back in even steps from where the hero starts ('from 20 a day down to 5'), then holding it. */
function reductionLabels(target: Target, count: number): string[] {
  const unit = (n: number) => unitFor(n, target.unit);
  const per = target.per ? ` a ${target.per}` : '';
  const quitting = target.value === 0;
  const goal = quitting ? `no ${target.unit}` : `${formatNumber(target.value)} ${unit(target.value)}${per}`;
  // A weekly cap is kept week by week: '3 drinks a week on 60% of weeks'.
  const periods = target.per === 'week' ? 'weeks' : target.per === 'month' ? 'months' : 'days';
  const share = (i: number) => `${Math.round(((i + 1) / count) * 100)}% of ${periods}`;
  return Array.from({ length: count }, (_, i) => {
    if (i === count - 1)
      return quitting ? `No ${target.unit} at all, and keep it that way` : `Hold at ${goal}`;
    if (target.from === undefined) {
      if (i === 0) return `Count how many ${target.unit} you have now, every day for a week`;
      return quitting ? `No ${target.unit} on ${share(i)}` : `At most ${goal} on ${share(i)}`;
    }
    if (i === count - 2) return `Down to ${goal}`;
    const step = Math.round(target.from - ((target.from - target.value) * (i + 1)) / (count - 1));
    return `Cut to ${formatNumber(step)} ${unit(step)}${per}`;
  });
}

/** Building up to a lift or a hold from about 70% of it, the usual starting point. */
function buildUpTo(title: string, target: Target, count: number): string[] {
  const verb = verbOf(title, target);
  const decimals = target.value < 20 ? 1 : 0;
  return Array.from({ length: count }, (_, i) => {
    const value = target.value * (0.7 + (0.3 * i) / Math.max(1, count - 1));
    const amount = `${formatNumber(Math.round(value * 10 ** decimals) / 10 ** decimals)} ${target.unit}`;
    return target.kind === 'duration' ? `${verb} for ${amount}` : `${verb} ${amount}`;
  });
}

/** A figure to reach from wherever the hero stands today: a weight, a score, a share. */
function reachLabels(start: string, goal: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return start;
    if (i === count - 1) return `Reach ${goal}`;
    return `${Math.round((i / (count - 1)) * 100)}% of the way from your start to ${goal}`;
  });
}

function reachScoreLabels(target: Target, count: number): string[] {
  const name = target.unit.replace(/^%\s*/, '');
  const start = target.unit.startsWith('%')
    ? `Measure your ${name} and note where you start`
    : `Check your ${name} and note where you start`;
  return reachLabels(start, describeScore(target), count);
}

/** A course, exam or certificate to finish, in its own steps. */
export function completionLabels(named: string, what: Completion['kind'], count: number): string[] {
  // The coach speaks to the hero: 'my black belt' is 'your black belt' in its checkpoints.
  const thing = named.replace(/^my\b/i, 'your');
  const steps: Record<Completion['kind'], [string, string, string]> = {
    course: [`Enrol in ${thing} and plan your study weeks`, `Work through ${thing}`, `Finish ${thing}`],
    exam: [`Gather the syllabus for ${thing} and plan your study`, `Study for ${thing}`, `Pass ${thing}`],
    certificate: [`Plan your route to ${thing}`, `Work towards ${thing}`, `Earn ${thing}`],
    race: [`Plan your training for ${thing}`, `Train for ${thing}`, `Finish ${thing}`],
    book: [`Start ${thing}`, `Read on in ${thing}`, `Finish ${thing}`],
  };
  const [first, middle, last] = steps[what];
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return first;
    if (i === count - 1) return last;
    if (what === 'exam' && i === count - 2) return `Take a full practice exam for ${thing}`;
    return `${middle}: ${Math.round((i / (count - 1)) * 100)}% of the way`;
  });
}

export function milestoneLabels(
  title: string,
  target: Target | null,
  count: number,
  spanDays = 90,
  domain: DomainId | null = null,
): string[] {
  if (!target) return stageLabels(title, count, domain);
  if (target.bound === 'at-most' && target.per && target.kind !== 'money')
    return reductionLabels(target, count);
  if (target.kind === 'money' && target.per && target.bound !== 'at-most')
    return incomeLabels(title, target, count);
  if (target.per) return keptLabels(title, target, count, spanDays);
  if (target.kind === 'lift' || target.kind === 'duration') return buildUpTo(title, target, count);
  if (target.kind === 'sessions' && target.unit === 'days' && target.value >= 3)
    return streakLabels(title, target, count);
  if (target.kind === 'weight' && target.direction === 'reach')
    return reachLabels(
      'Weigh in and note your starting weight',
      `${formatNumber(target.value)} ${target.unit}`,
      count,
    );
  if (target.kind === 'score') return reachScoreLabels(target, count);
  // Two of something ('read 2 books') goes one at a time; one thing ('write 1 novel') in stages.
  if (target.kind === 'count' && target.value === 2) return twoThingsLabels(title, target, count);
  if ((target.kind === 'count' || target.kind === 'sessions') && target.value < 3)
    return stageLabels(title, count);
  switch (target.kind) {
    case 'time':
      return timeLabels(title, target, count);
    case 'level':
      return levelLabels(target, count);
    case 'reps':
      return repsLabels(title, target, count);
    case 'distance':
      return (target.unit === 'mi' ? target.value * 1.609 : target.value) <= 60
        ? buildUpLabels(title, target, count)
        : cumulativeLabels(title, target, count);
    default:
      return cumulativeLabels(title, target, count);
  }
}

export type MilestonePlanInput = {
  title: string;
  target: Target | null;
  /** yyyy-mm-dd */
  deadline: string;
  today: Date;
  /** Defaults to GOAL_XP of the difficulty. */
  totalXp?: number;
  /** Defaults to the difficulty of the target's pace (see feasibility.ts). */
  difficulty?: Difficulty;
  /** Defaults to milestoneCount of the span. */
  count?: number;
  domain?: DomainId | null;
  /** A named thing to finish, which names the checkpoints when there is no number. */
  completion?: { thing: string; what: Completion['kind'] } | null;
};

export function planDifficulty(
  input: Pick<MilestonePlanInput, 'target' | 'deadline' | 'today' | 'domain'>,
): Difficulty {
  const { verdict } = assessFeasibility({
    target: input.target,
    measure: input.target ? { type: 'total', target: input.target } : null,
    domain: input.domain ?? null,
    today: input.today,
    deadline: input.deadline,
  });
  return difficultyOf(verdict);
}

export function buildMilestonePlan(input: MilestonePlanInput): PlanMilestone[] {
  const span = Math.max(1, daysBetween(input.today, fromIsoDate(input.deadline)));
  const countable =
    (input.target?.kind === 'count' || input.target?.kind === 'sessions') && !input.target.per;
  // Never more checkpoints than there are things to count: 3 case studies make 3 milestones.
  // A rhythm kept a month or a fortnight at a time has no checkpoint sooner than one such period.
  const periods =
    input.target?.per === 'month' || input.target?.per === 'fortnight'
      ? Math.max(1, Math.floor(span / (input.target.per === 'month' ? 30 : 14)))
      : Number.POSITIVE_INFINITY;
  const count =
    input.count ??
    Math.min(
      periods,
      countable && input.target!.value >= 3
        ? Math.min(milestoneCount(span), Math.floor(input.target!.value))
        : countable && input.target!.kind === 'count' && input.target!.value === 2
          ? Math.min(milestoneCount(span), 5)
          : milestoneCount(span),
    );
  const totalXp = input.totalXp ?? GOAL_XP[input.difficulty ?? planDifficulty(input)];
  const labels = input.completion
    ? completionLabels(input.completion.thing, input.completion.what, count)
    : milestoneLabels(input.title, input.target, count, span, input.domain ?? null);
  const xp = splitMilestoneXp(totalXp, count);
  return labels.map((label, i) => ({
    label,
    due_date:
      i === count - 1
        ? input.deadline
        : toIsoDate(addDays(input.today, Math.max(1, Math.round((span * (i + 1)) / count)))),
    xp_reward: xp[i]!,
  }));
}
