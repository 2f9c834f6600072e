import type { SmartPart } from '@lifequest/proto';
import type { CoachState } from './coach.ts';
import { type DomainId, domainById } from './domain.ts';
import { cleanWhy, findWhyClause, type GoalReading, isSubstantive, readGoal } from './goal-phrase.ts';
import { hasOverrideMarker, isAffirmation, isNegation, isQuestion, isUnsure } from './intent.ts';
import { readMeasure } from './measure.ts';
import { type Deadline, readDeadline } from './readers/deadline.ts';
import type { Measure } from './target.ts';

// Named readers that take what one message says into the coach's state: the goal, its measure, its
// deadline, the reason and whether it is realistic. Each returns the SMART part it filled, if any. How a
// message is taken depends on the mode: 'answer' while the coach asks questions, 'refine' after a refine
// request (anything may change), 'revise' for a message while the goal is ready.

export type Mode = 'answer' | 'refine' | 'revise';

/** What one message says, read once for all the takers. */
export type MessageReading = {
  text: string;
  deadline: Deadline | null;
  /** The body without the reason and the date: where the goal and its measure are read. */
  bodyWithoutDate: string;
  why: { clause: string; index: number } | null;
  goal: GoalReading;
};

/** How the message relates to the conversation, for the takers. */
type Context = {
  mode: Mode;
  /** What the coach asked; 'refine' stands for any part while refining or revising. */
  pending: CoachState['pending'];
  /** 'actually', 'instead', 'make it': the hero corrects an earlier answer. */
  override: boolean;
  answeringWhy: boolean;
  captured: SmartPart[];
};

export type Absorbed = { captured: SmartPart[]; vague: { broad: DomainId | null } | null };

/** 'Can you make a plan for me to learn Japanese by December?' asks for a plan of a goal it states. */
export const PLAN_REQUEST =
  /^(?:can|could|would|will) you (?:please )?(?:make|create|build|draw up|give|write|put together|help me (?:make|with))(?: me)? (?:a |my )?(?:plan|quest|roadmap)(?: for me)? (?:to|for)\s+/i;

const QUESTION_TO_COACH =
  /^(?:what|how|why|which|who|where|when|can|could|should|does|is|are|any)\b|^do (?:you|i|we)\b/i;

/**
 * A reason ends where the goal's facts start again after a comma ('so I can talk to my in-laws, B1 by
 * the end of 2027'): the reason is what comes before that comma, and the facts are the goal's.
 */
function reasonAndFacts(text: string, today: Date): { why: MessageReading['why']; facts: string } | null {
  const found = findWhyClause(text);
  if (!found) return null;
  for (const comma of text.slice(found.index + 1).matchAll(/,/g)) {
    const at = found.index + 1 + (comma.index ?? 0);
    const tail = text.slice(at + 1).trim();
    if (readMeasure(tail, null) === null && readDeadline(tail, today) === null) continue;
    return { why: findWhyClause(text.slice(0, at)), facts: tail };
  }
  return { why: found, facts: '' };
}

export function readMessage(text: string, today: Date, answeringWhy: boolean): MessageReading {
  const deadline = readDeadline(text, today);
  const reason = answeringWhy ? null : reasonAndFacts(text, today);
  const why = reason?.why ?? null;
  const before = why ? text.slice(0, why.index) : text;
  const body = reason?.facts ? `${before}, ${reason.facts}` : before;
  // A question to the coach ('how do I stay motivated?') is not a goal statement.
  const asksCoach =
    QUESTION_TO_COACH.test(text) &&
    !/\bi (?:want|would like|'d like|wanna|need)\b|\bhelp me\b/i.test(text) &&
    !PLAN_REQUEST.test(text);
  return {
    text,
    deadline,
    bodyWithoutDate: deadline ? body.replace(deadline.phrase, ' ') : body,
    why,
    goal: asksCoach ? { kind: 'vague', broad: null } : readGoal(before, deadline?.phrase ?? null),
  };
}

/**
 * A message about the plan's own parts ('change the date', 'my target', 'refine'), not a goal. A goal may
 * name the same words as things: 'score 10 goals', '12 date nights', 'go on a date'.
 */
const ABOUT_THE_PLAN =
  /\b(?:deadline|refine)\b|\b(?:the|my|that|this|our|new)\s+(?:target|date|goal|reason)\b(?!\s+(?:nights?|weight|pace|time)\b)/i;

/** Takes what a message says into the state, in SMART order. */
export function absorb(s: CoachState, text: string, today: Date, mode: Mode): Absorbed {
  const pending = mode === 'answer' ? s.pending : 'refine';
  const answeringWhy = mode === 'answer' && pending === 'relevant';
  const reading = readMessage(text, today, answeringWhy);
  const ctx: Context = { mode, pending, override: hasOverrideMarker(text), answeringWhy, captured: [] };
  const take = (part: SmartPart | null) => {
    if (part) ctx.captured.push(part);
  };
  const vague = takeGoal(s, reading, ctx);
  take(takeMeasure(s, reading, ctx));
  take(takeDeadline(s, reading, ctx));
  take(takeReason(s, reading, ctx));
  take(takeAchievable(s, reading, ctx));
  return { captured: ctx.captured, vague };
}

/** The goal itself; a vague message only notes the area it hints at. */
function takeGoal(s: CoachState, m: MessageReading, ctx: Context): Absorbed['vague'] {
  const reading = m.goal;
  if (reading.kind === 'vague') {
    if (s.goal !== null) return null;
    if (reading.broad) s.broad = reading.broad;
    return { broad: reading.broad };
  }
  // Once there is a goal, only an explicit new goal statement renames it; a passing 'instead' does not.
  const statesGoal =
    /\b(?:i (?:really )?(?:want|would like|'d like|wanna|'d rather|would rather|plan|need) to|my (?:new |real )?goal is|new goal|switch to|go with|let'?s do|how about)\b/i.test(
      m.text,
    );
  const { pending } = ctx;
  const mayRename =
    s.goal === null
      ? pending === null || pending === 'specific' || pending === 'refine'
      : pending === 'specific' ||
        ((ctx.override || pending === 'refine') && statesGoal && pending !== 'relevant');
  if (!mayRename || ABOUT_THE_PLAN.test(reading.phrase)) return null;
  if (!/^[a-z]/i.test(reading.phrase) || /^(?:it|that|this|about|around)\b/i.test(reading.phrase))
    return null;
  // A goal in another area starts its measure and reason afresh; the deadline may still hold.
  const previous = s.goal?.domain ?? s.replacedDomain;
  if (previous && previous !== reading.domain) {
    s.measure = null;
    s.measureText = null;
    s.achievable = null;
    s.why = null;
  }
  s.goal = { phrase: reading.phrase, domain: reading.domain };
  s.broad = null;
  s.replacedDomain = null;
  ctx.captured.push('specific');
  return null;
}

/** Kept every day for a span ('no sugar for 30 days', 'stop drinking for 100 days'): a streak of days. */
function streakOf(
  s: CoachState,
  m: MessageReading,
  measure: Measure | null,
  habitual: boolean,
): Measure | null {
  const kept = KEPT.test(s.goal?.phrase ?? '');
  if (!(habitual || kept) || !m.deadline || !/^for\b/i.test(m.deadline.phrase.trim())) return null;
  const quitting = (x: Measure | null) => x?.type === 'per-period' && x.target.value === 0;
  const open = (x: Measure | null) => x === null || quitting(x);
  return open(s.measure) && open(measure) ? { type: 'habit', perWeek: 7, minutes: null } : null;
}

/** A way of living kept for a span ('go vegetarian for 3 months', 'stay sober for a year'). */
const KEPT = /^(?:go|stay|be|eat|live|remain)\b/i;

const ABSTAIN = /^(?:stop|quit|no|avoid|give up|cut out|skip|ditch|stay off|go without|abstain from)\b/i;

function takeMeasure(s: CoachState, m: MessageReading, ctx: Context): SmartPart | null {
  const area = s.goal ? domainById(s.goal.domain) : s.broad ? domainById(s.broad) : null;
  // Going without something ('stop checking Instagram', 'no chocolate') is a habit whatever the thing.
  const abstaining = s.goal !== null && ABSTAIN.test(s.goal.phrase);
  const habitual = area?.category === 'habit' || abstaining;
  const measure = readMeasure(m.bodyWithoutDate, { defaultUnit: area?.defaultUnit ?? null, habitual });
  const mayMeasure = (ctx.pending !== 'relevant' && ctx.pending !== 'achievable') || ctx.override;
  if (!mayMeasure) return null;
  const streak = streakOf(s, m, measure, habitual);
  if (streak || (measure && (s.goal !== null || s.broad !== null))) {
    s.measure = streak ?? measure;
    s.measureText = null;
    return 'measurable';
  }
  // The hero's own definition of done, when it has no number ('when the site is live').
  if (
    ctx.mode === 'answer' &&
    ctx.pending === 'measurable' &&
    !measure &&
    isSubstantive(m.text) &&
    !isUnsure(m.text) &&
    !isQuestion(m.text) &&
    m.text.split(' ').length >= 3
  ) {
    s.measureText = cleanWhy(m.bodyWithoutDate);
    s.measure = null;
    return 'measurable';
  }
  return null;
}

function takeDeadline(s: CoachState, m: MessageReading, ctx: Context): SmartPart | null {
  // While the coach asks why, a date is taken only when it is the whole answer ('in October') or a
  // correction; 'my wedding is in June' is a reason.
  const deadline = m.deadline;
  const onlyADate =
    deadline !== null && m.text.replace(deadline.phrase, '').trim().split(/\s+/).filter(Boolean).length < 2;
  if (deadline && (!ctx.answeringWhy || ctx.override || onlyADate)) {
    s.deadline = deadline;
    return 'timeBound';
  }
  if (
    ctx.mode === 'answer' &&
    ctx.pending === 'confirmDeadline' &&
    isAffirmation(m.text) &&
    s.suggestion?.deadline
  ) {
    s.deadline = { date: s.suggestion.deadline, phrase: '' };
    return 'timeBound';
  }
  return null;
}

function takeReason(s: CoachState, m: MessageReading, ctx: Context): SmartPart | null {
  if (ctx.answeringWhy) {
    if (ctx.captured.length > 0 || !isSubstantive(m.text) || isUnsure(m.text) || isQuestion(m.text))
      return null;
    s.why = cleanWhy(m.text);
    return 'relevant';
  }
  if (m.why) {
    s.why = cleanWhy(m.why.clause);
    return 'relevant';
  }
  // 'to be calmer' while the coach asked something else is still a reason; keep it and re-ask.
  if (
    ctx.mode === 'answer' &&
    ctx.captured.length === 0 &&
    s.goal &&
    !s.why &&
    /^to\s+\w+/i.test(m.text) &&
    isSubstantive(m.text)
  ) {
    s.why = cleanWhy(m.text);
    return 'relevant';
  }
  return null;
}

/** Whether it is realistic, and a 'yes' to a safer deadline or target the coach proposed. */
function takeAchievable(s: CoachState, m: MessageReading, ctx: Context): SmartPart | null {
  if (ctx.mode !== 'answer' || ctx.captured.length > 0) return null;
  if (ctx.pending === 'adjust' && isAffirmation(m.text) && s.suggestion) {
    if (s.suggestion.deadline) {
      s.deadline = { date: s.suggestion.deadline, phrase: '' };
      return 'timeBound';
    }
    if (s.suggestion.target && s.measure) {
      s.measure = { type: 'total', target: s.suggestion.target };
      return 'measurable';
    }
    return null;
  }
  if (ctx.pending !== 'achievable' || isNegation(m.text)) return null;
  const affirmed = isAffirmation(m.text);
  if (!affirmed && (!isSubstantive(m.text) || isUnsure(m.text) || isQuestion(m.text))) return null;
  const pace = s.feasibility?.pace;
  s.achievable = {
    text: affirmed ? `Yes, realistic for you${pace ? `: ${pace}` : ''}` : cleanWhy(m.text),
    source: 'hero',
    key: achievableKey(s),
  };
  return 'achievable';
}

/** Ties a 'yes, that's realistic' to the target and deadline it was given for. */
export function achievableKey(s: CoachState): string {
  return JSON.stringify([s.measure, s.measureText, s.deadline?.date]);
}
