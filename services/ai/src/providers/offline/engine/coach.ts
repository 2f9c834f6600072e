import type { ConversationPhase, SmartPart } from '@lifequest/proto';
import { detectsSelfHarm } from '../../../guardrails/self-harm.ts';
import { classifyMessage } from './conversation.ts';
import { applyCorrection, correctionOf, correctWithin } from './correction.ts';
import type { DomainId } from './domain.ts';
import { assessFeasibility, type Feasibility } from './feasibility.ts';
import { cleanWhy, isSubstantive } from './goal-phrase.ts';
import { isAffirmation, isNegation, isRefineRequest, isUnsure, namedParts, normalise } from './intent.ts';
import { addDays, daysBetween, fromIsoDate, toIsoDate } from './readers/calendar.ts';
import { type Deadline, declinesDeadline } from './readers/deadline.ts';
import { round, type Target } from './readers/quantity.ts';
import { absorb, achievableKey } from './takes.ts';
import { type Measure, resolveTarget } from './target.ts';

// The conversation reducer. Every turn replays all of the hero's messages from an empty state, so the
// coach never depends on what a client kept between calls. For each message the coach knows what it
// had asked (the `pending` part, itself a product of the replay), which is how a bare '12' or 'yes' is
// understood. Later messages override earlier ones.

export const SMART_ORDER: readonly SmartPart[] = [
  'specific',
  'measurable',
  'timeBound',
  'relevant',
  'achievable',
];

/** What the coach asked last: a SMART part, or a follow-up of its own. */
export type Pending = SmartPart | 'refine' | 'adjust' | 'confirmDeadline' | null;

export type CoachState = {
  goal: { phrase: string; domain: DomainId } | null;
  /** An area the hero named without a concrete goal ('get fit'), used to suggest examples. */
  broad: DomainId | null;
  /** The area of a goal cleared by a refine, so its replacement knows whether it changed area. */
  replacedDomain: DomainId | null;
  measure: Measure | null;
  /** The hero's own definition of done when it has no number ('when the site is live'). */
  measureText: string | null;
  deadline: Deadline | null;
  why: string | null;
  /** `key` ties a 'yes, that's realistic' to the target and deadline it was given for. */
  achievable: { text: string; source: 'hero' | 'pace'; key: string } | null;
  feasibility: Feasibility | null;
  pending: Pending;
  /** What a 'yes' accepts after the coach proposed a safer deadline or target. */
  suggestion: { deadline: string | null; target: Target | null } | null;
  phase: ConversationPhase;
  /** Once the goal has been ready, later completions read as a redrawn map rather than a new one. */
  everReady: boolean;
};

/** A wish about the hero's family ('be a better dad'): its examples are a family's, not a friend's. */
const FAMILY =
  /\b(?:dad|father|mum|mom|mother|parent|husband|wife|partner|kids|children|son|daughter|family|grandparents?)\b/i;

export type CoachEvent =
  | { kind: 'opening' }
  | { kind: 'crisis' }
  | { kind: 'vague'; broad: DomainId | null; unsure: boolean; family?: boolean }
  /** `newGoal`: the message replaced the goal being shaped with a different one. */
  | { kind: 'progress'; captured: SmartPart[]; revised?: boolean; newGoal?: boolean }
  | { kind: 'unclear'; part: SmartPart }
  | { kind: 'suggest-deadline'; date: string }
  | { kind: 'pushback' }
  | { kind: 'scale-down' }
  | { kind: 'refine'; parts: SmartPart[] }
  | { kind: 'complete' }
  | { kind: 'idle' };

/** The SMART parts that make a goal 'ready': a fixed list, or one that depends on the goal. */
export type Requirements = readonly SmartPart[] | ((s: CoachState) => readonly SmartPart[]);

export type CoachResult = {
  state: CoachState;
  event: CoachEvent;
  /** True when the last message changed the goal, its measure or its deadline. */
  goalChanged: boolean;
};

export function emptyState(): CoachState {
  return {
    goal: null,
    broad: null,
    replacedDomain: null,
    measure: null,
    measureText: null,
    deadline: null,
    why: null,
    achievable: null,
    feasibility: null,
    pending: null,
    suggestion: null,
    phase: 'initial',
    everReady: false,
  };
}

/** Replays the hero's messages. `required` is the set of SMART parts that make the goal 'ready'. */
export function readConversation(heroMessages: string[], today: Date, required: Requirements): CoachResult {
  const { state, event } = replay(withCorrections(heroMessages, today), today, required);
  // Judged against the conversation before the last message: a correction there rewrites an earlier one.
  const before = replay(withCorrections(heroMessages.slice(0, -1), today), today, required).state;
  return { state, event, goalChanged: signature(state) !== signature(before) };
}

function replay(messages: string[], today: Date, required: Requirements): Step {
  let state = emptyState();
  let event: CoachEvent = { kind: 'opening' };
  for (const message of messages) ({ state, event } = step(state, message, today, required));
  return { state, event };
}

/**
 * The hero's messages with their corrections applied (see correction.ts). A correction inside a message
 * replaces what it corrects there. A message that only corrects ('actually, make it 10 km') rewrites the
 * latest earlier message holding a date or an amount of that kind, so the goal reads as if said that way
 * from the start, and is itself read as that corrected statement, a revision of the goal.
 */
export function withCorrections(heroMessages: string[], today: Date): string[] {
  const list: string[] = [];
  for (const raw of heroMessages) {
    const message = correctWithin(normalise(raw), today);
    const fix = correctionOf(message);
    let restated: string | null = null;
    for (let j = list.length - 1; fix !== null && j >= 0 && restated === null; j--) {
      const corrected = applyCorrection(list[j]!, fix, today, true);
      if (corrected !== null && corrected !== list[j]) {
        list[j] = corrected;
        restated = `actually, ${corrected}`;
      }
    }
    list.push(restated ?? message);
  }
  return list;
}

function signature(s: CoachState): string {
  return JSON.stringify([s.goal, s.measure, s.measureText, s.deadline?.date]);
}

export function isKnown(s: CoachState, part: SmartPart): boolean {
  switch (part) {
    case 'specific':
      return s.goal !== null;
    case 'measurable':
      return s.measure !== null || s.measureText !== null;
    case 'timeBound':
      return s.deadline !== null;
    case 'relevant':
      return s.why !== null;
    case 'achievable':
      return s.achievable !== null;
  }
}

/** The measure's total for the current deadline: a rate or habit adds up over the days available. */
export function resolvedTarget(s: CoachState, today: Date): Target | null {
  if (!s.measure) return null;
  const span = s.deadline ? Math.max(1, daysBetween(today, fromIsoDate(s.deadline.date))) : 90;
  return resolveTarget(s.measure, span);
}

function clearPart(s: CoachState, part: SmartPart): void {
  if (part === 'specific') {
    s.replacedDomain = s.goal?.domain ?? s.replacedDomain;
    s.goal = null;
  }
  if (part === 'measurable') {
    s.measure = null;
    s.measureText = null;
  }
  if (part === 'timeBound') s.deadline = null;
  if (part === 'relevant') s.why = null;
  s.achievable = null;
}

/** One message taken into the conversation: the state after it and what the coach makes of it. */
export type Step = { state: CoachState; event: CoachEvent };

function step(prev: CoachState, raw: string, today: Date, required: Requirements): Step {
  const text = normalise(raw);
  if (detectsSelfHarm(text)) return { state: prev, event: { kind: 'crisis' } };
  switch (classifyMessage(prev, text, today)) {
    case 'new-goal':
      return answer(emptyState(), text, today, required, true);
    case 'revise':
      return revise({ ...prev }, text, today, required);
    case 'answer':
      return answer({ ...prev }, text, today, required, false);
  }
}

/** A message while the goal is ready, or after a refine request: it may change any part. */
function revise(s: CoachState, text: string, today: Date, required: Requirements): Step {
  const refining = isRefineRequest(text) || s.pending === 'refine';
  const newWhy = refining ? reasonAfterRefine(text) : null;
  if (newWhy) {
    s.why = newWhy;
    return settle(s, today, required, { kind: 'progress', captured: ['relevant'] });
  }
  const { captured } = absorb(s, text, today, refining ? 'refine' : 'revise');
  if (captured.length > 0) return settle(s, today, required, { kind: 'progress', captured });
  if (refining) {
    const parts = namedParts(text);
    for (const part of parts) clearPart(s, part);
    s.phase = 'initial';
    s.pending = parts[0] ?? 'refine';
    s.suggestion = null;
    return { state: s, event: { kind: 'refine', parts } };
  }
  if (
    s.phase === 'ready' &&
    (isAffirmation(text) || /\b(?:start|begin) (?:this|the|my) quest\b/i.test(text))
  ) {
    s.phase = 'complete';
    return { state: s, event: { kind: 'complete' } };
  }
  return { state: s, event: { kind: 'idle' } };
}

/** A message while the coach is asking: it answers the pending question, or volunteers more. */
function answer(s: CoachState, text: string, today: Date, required: Requirements, newGoal: boolean): Step {
  const { captured, vague } = absorb(s, text, today, 'answer');
  if (captured.length > 0) return settle(s, today, required, { kind: 'progress', captured, newGoal });

  const pending = s.pending;
  if (pending === 'confirmDeadline' && isNegation(text)) {
    s.pending = 'timeBound';
    return { state: s, event: { kind: 'unclear', part: 'timeBound' } };
  }
  if (pending === 'timeBound' || pending === 'confirmDeadline') {
    if (declinesDeadline(text) || isUnsure(text) || isNegation(text) || pending === 'confirmDeadline') {
      const date = suggestedDeadline(s, today);
      s.pending = 'confirmDeadline';
      s.suggestion = { deadline: date, target: null };
      return { state: s, event: { kind: 'suggest-deadline', date } };
    }
    return { state: s, event: { kind: 'unclear', part: 'timeBound' } };
  }
  if (pending === 'achievable' && isNegation(text)) {
    s.suggestion = easierOptions(s, today);
    s.pending = 'adjust';
    return { state: s, event: { kind: 'scale-down' } };
  }
  if (pending === 'adjust') {
    return settle(s, today, required, {
      kind: s.feasibility?.verdict === 'unrealistic' ? 'pushback' : 'scale-down',
    });
  }
  if (s.goal === null) {
    return {
      state: s,
      event: {
        kind: 'vague',
        broad: vague?.broad ?? s.broad,
        unsure: isUnsure(text),
        family: FAMILY.test(text),
      },
    };
  }
  const part = pending === 'refine' ? null : pending;
  return { state: s, event: { kind: 'unclear', part: part ?? nextMissing(s, required) ?? 'specific' } };
}

/** 'Change the why: I want to be a role model' carries the new reason itself. */
function reasonAfterRefine(text: string): string | null {
  const m =
    /\b(?:change|update|adjust|refine|revise|modify|make)\s+(?:the|my)\s+(?:why|reason|motivation)(?:\s+(?:to|is))?\s*[:,-]?\s*(.+)$/i.exec(
      text,
    );
  if (!m || m[1]!.split(' ').length < 3 || !isSubstantive(m[1]!)) return null;
  return cleanWhy(m[1]!);
}

export function nextMissing(s: CoachState, required: Requirements): SmartPart | null {
  const parts = typeof required === 'function' ? required(s) : required;
  return SMART_ORDER.find((part) => parts.includes(part) && !isKnown(s, part)) ?? null;
}

/** Re-judges feasibility after a change, then decides what to ask next and whether the goal is ready. */
function settle(s: CoachState, today: Date, required: Requirements, event: CoachEvent): Step {
  s.suggestion = null;
  const key = achievableKey(s);
  if (s.achievable && s.achievable.key !== key) s.achievable = null;
  s.feasibility = null;
  if (s.goal && s.deadline && (s.measure || s.measureText)) {
    const feasibility = assessFeasibility({
      target: resolvedTarget(s, today),
      measure: s.measure,
      domain: s.goal.domain,
      today,
      deadline: s.deadline.date,
    });
    s.feasibility = feasibility;
    if (feasibility.verdict === 'unrealistic') {
      s.achievable = null;
      s.pending = 'adjust';
      s.phase = 'initial';
      s.suggestion = { deadline: feasibility.saferDeadline, target: feasibility.saferTarget };
      return { state: s, event: { kind: 'pushback' } };
    }
    if ((feasibility.verdict === 'comfortable' || feasibility.verdict === 'moderate') && !s.achievable) {
      s.achievable = { text: paceSentence(feasibility), source: 'pace', key };
    }
  }
  if (event.kind === 'scale-down') {
    s.suggestion = easierOptions(s, today);
    s.pending = 'adjust';
    s.phase = 'initial';
    return { state: s, event };
  }
  const missing = nextMissing(s, required);
  s.pending = missing;
  s.phase = missing === null ? 'ready' : 'initial';
  const revised = s.everReady;
  if (s.phase === 'ready') s.everReady = true;
  return { state: s, event: event.kind === 'progress' ? { ...event, revised } : event };
}

function paceSentence(f: Feasibility): string {
  const pace = f.pace ? `${f.pace.charAt(0).toUpperCase()}${f.pace.slice(1)}` : 'The pace';
  return f.verdict === 'comfortable' ? `${pace}, a comfortable pace` : `${pace}, a steady and realistic pace`;
}

/** A deadline to offer a hero who has none: 90 days, or longer if 90 days would be too tight. */
function suggestedDeadline(s: CoachState, today: Date): string {
  const ninety = toIsoDate(addDays(today, 90));
  if (!s.measure || !s.goal) return ninety;
  const f = assessFeasibility({
    target: resolveTarget(s.measure, 90),
    measure: s.measure,
    domain: s.goal.domain,
    today,
    deadline: ninety,
  });
  if (f.verdict === 'unrealistic' && f.saferDeadline) return f.saferDeadline;
  if (f.verdict === 'stretch') return toIsoDate(addDays(today, 135));
  return ninety;
}

/** When the hero says the pace is too much: half as much time again, or two thirds of the target. */
function easierOptions(s: CoachState, today: Date): CoachState['suggestion'] {
  if (!s.deadline) return null;
  const span = Math.max(7, daysBetween(today, fromIsoDate(s.deadline.date)));
  const target =
    s.measure?.type === 'total' && s.measure.target.kind !== 'time' && s.measure.target.kind !== 'level'
      ? {
          ...s.measure.target,
          value: round(s.measure.target.value * 0.67, s.measure.target.value >= 10 ? 0 : 1),
        }
      : null;
  return { deadline: toIsoDate(addDays(today, Math.round(span * 1.5))), target };
}
