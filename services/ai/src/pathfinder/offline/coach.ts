import { addDays, daysBetween, fromIsoDate, toIsoDate } from './calendar.ts';
import { type Deadline, declinesDeadline, readDeadline } from './deadline.ts';
import { type DomainId, domainById } from './domain.ts';
import { assessFeasibility, type Feasibility } from './feasibility.ts';
import { cleanWhy, findWhyClause, isSubstantive, readGoal } from './goal-phrase.ts';
import {
  hasOverrideMarker,
  isAffirmation,
  isNegation,
  isQuestion,
  isRefineRequest,
  isUnsure,
  namedParts,
  normalise,
  type SmartPart,
} from './intent.ts';
import { detectsSelfHarm } from './safety.ts';
import type { Phase } from './schemas.ts';
import { type Measure, readMeasure, resolveTarget, round, type Target } from './target.ts';

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
  phase: Phase;
  /** Once the goal has been ready, later completions read as a redrawn map rather than a new one. */
  everReady: boolean;
};

export type CoachEvent =
  | { kind: 'opening' }
  | { kind: 'crisis' }
  | { kind: 'vague'; broad: DomainId | null; unsure: boolean }
  | { kind: 'progress'; captured: SmartPart[]; revised?: boolean }
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
  let state = emptyState();
  let event: CoachEvent = { kind: 'opening' };
  let goalChanged = false;
  for (const message of heroMessages) {
    const before = signature(state);
    ({ state, event } = step(state, message, today, required));
    goalChanged = signature(state) !== before;
  }
  return { state, event, goalChanged };
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

function step(prev: CoachState, raw: string, today: Date, required: Requirements) {
  const text = normalise(raw);
  if (detectsSelfHarm(text)) return { state: prev, event: { kind: 'crisis' } as CoachEvent };
  const s: CoachState = { ...prev };

  if (s.phase !== 'initial' || s.pending === 'refine') {
    const refining = isRefineRequest(text) || s.pending === 'refine';
    const newWhy = refining ? reasonAfterRefine(text) : null;
    if (newWhy) {
      s.why = newWhy;
      return settle(s, today, required, { kind: 'progress', captured: ['relevant'] });
    }
    const captured = absorb(s, text, today, refining ? 'refine' : 'revise');
    if (captured.captured.length > 0)
      return settle(s, today, required, { kind: 'progress', captured: captured.captured });
    if (refining) {
      const parts = namedParts(text);
      for (const part of parts) clearPart(s, part);
      s.phase = 'initial';
      s.pending = parts[0] ?? 'refine';
      s.suggestion = null;
      return { state: s, event: { kind: 'refine', parts } as CoachEvent };
    }
    if (
      s.phase === 'ready' &&
      (isAffirmation(text) || /\b(?:start|begin) (?:this|the|my) quest\b/i.test(text))
    ) {
      s.phase = 'complete';
      return { state: s, event: { kind: 'complete' } as CoachEvent };
    }
    return { state: s, event: { kind: 'idle' } as CoachEvent };
  }

  const { captured, vague } = absorb(s, text, today, 'answer');
  if (captured.length > 0) return settle(s, today, required, { kind: 'progress', captured });

  const pending = s.pending;
  if (pending === 'confirmDeadline' && isNegation(text)) {
    s.pending = 'timeBound';
    return { state: s, event: { kind: 'unclear', part: 'timeBound' } as CoachEvent };
  }
  if (pending === 'timeBound' || pending === 'confirmDeadline') {
    if (declinesDeadline(text) || isUnsure(text) || isNegation(text) || pending === 'confirmDeadline') {
      const date = suggestedDeadline(s, today);
      s.pending = 'confirmDeadline';
      s.suggestion = { deadline: date, target: null };
      return { state: s, event: { kind: 'suggest-deadline', date } as CoachEvent };
    }
    return { state: s, event: { kind: 'unclear', part: 'timeBound' } as CoachEvent };
  }
  if (pending === 'achievable' && isNegation(text)) {
    s.suggestion = easierOptions(s, today);
    s.pending = 'adjust';
    return { state: s, event: { kind: 'scale-down' } as CoachEvent };
  }
  if (pending === 'adjust') {
    return settle(s, today, required, {
      kind: s.feasibility?.verdict === 'unrealistic' ? 'pushback' : 'scale-down',
    });
  }
  if (s.goal === null) {
    return {
      state: s,
      event: { kind: 'vague', broad: vague?.broad ?? s.broad, unsure: isUnsure(text) } as CoachEvent,
    };
  }
  return {
    state: s,
    event: {
      kind: 'unclear',
      part: (pending as SmartPart | null) ?? nextMissing(s, required) ?? 'specific',
    } as CoachEvent,
  };
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

type Absorbed = { captured: SmartPart[]; vague: { broad: DomainId | null } | null };

/**
 * Takes what a message says into the state. `mode` is 'answer' while the coach is asking questions,
 * 'refine' after a refine request (anything may change), 'revise' for a message while the goal is ready.
 */
function absorb(s: CoachState, text: string, today: Date, mode: 'answer' | 'refine' | 'revise'): Absorbed {
  const captured: SmartPart[] = [];
  const pending = mode === 'answer' ? s.pending : 'refine';
  const override = hasOverrideMarker(text);
  const answeringWhy = mode === 'answer' && pending === 'relevant';

  const deadline = readDeadline(text, today);
  const why = answeringWhy ? null : findWhyClause(text);
  const body = why ? text.slice(0, why.index) : text;
  const bodyWithoutDate = deadline ? body.replace(deadline.phrase, ' ') : body;

  // The goal itself.
  let vague: Absorbed['vague'] = null;
  // A question to the coach ('how do I stay motivated?') is not a goal statement.
  const asksCoach =
    /^(?:what|how|why|which|who|where|when|can|could|should|do|does|is|are|any)\b/i.test(text) &&
    !/\bi (?:want|would like|'d like|wanna|need)\b/i.test(text);
  const reading: ReturnType<typeof readGoal> = asksCoach
    ? { kind: 'vague', broad: null }
    : readGoal(body, deadline?.phrase ?? null);
  // Once there is a goal, only an explicit new goal statement renames it; a passing 'instead' does not.
  const statesGoal =
    /\b(?:i (?:really )?(?:want|would like|'d like|wanna|'d rather|would rather|plan|need) to|my (?:new |real )?goal is|new goal|switch to|go with|let'?s do|how about)\b/i.test(
      text,
    );
  const mayRename =
    s.goal === null
      ? pending === null || pending === 'specific' || pending === 'refine'
      : pending === 'specific' ||
        ((override || pending === 'refine') && statesGoal && pending !== 'relevant');
  if (
    reading.kind === 'concrete' &&
    mayRename &&
    !/\b(?:deadline|refine|target|date|goal|reason)\b/i.test(reading.phrase)
  ) {
    const startsWithAction =
      /^[a-z]/i.test(reading.phrase) && !/^(?:it|that|this|about|around)\b/i.test(reading.phrase);
    if (startsWithAction) {
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
      captured.push('specific');
    }
  } else if (reading.kind === 'vague' && s.goal === null) {
    vague = { broad: reading.broad };
    if (reading.broad) s.broad = reading.broad;
  }

  // How it is measured.
  const area = s.goal ? domainById(s.goal.domain) : s.broad ? domainById(s.broad) : null;
  const measure = readMeasure(bodyWithoutDate, {
    defaultUnit: area?.defaultUnit ?? null,
    habitual: area?.category === 'habit',
  });
  const mayMeasure = (pending !== 'relevant' && pending !== 'achievable') || override;
  // In a habit, 'for 90 days' names a streak: every day until the deadline.
  const streak: Measure | null =
    !measure && !s.measure && area?.category === 'habit' && deadline && /^for\b/i.test(deadline.phrase.trim())
      ? { type: 'habit', perWeek: 7, minutes: null }
      : null;
  if (streak && mayMeasure) {
    s.measure = streak;
    s.measureText = null;
    captured.push('measurable');
  } else if (
    measure &&
    mayMeasure &&
    (s.goal !== null || captured.includes('specific') || s.broad !== null)
  ) {
    s.measure = measure;
    s.measureText = null;
    captured.push('measurable');
  } else if (
    mode === 'answer' &&
    pending === 'measurable' &&
    !measure &&
    isSubstantive(text) &&
    !isUnsure(text) &&
    !isQuestion(text) &&
    text.split(' ').length >= 3
  ) {
    s.measureText = cleanWhy(bodyWithoutDate);
    s.measure = null;
    captured.push('measurable');
  }

  // By when.
  // While the coach asks why, a date is taken only when it is the whole answer ('in October') or a
  // correction; 'my wedding is in June' is a reason.
  const onlyADate =
    deadline !== null && text.replace(deadline.phrase, '').trim().split(/\s+/).filter(Boolean).length < 2;
  if (deadline && (!answeringWhy || override || onlyADate)) {
    s.deadline = deadline;
    captured.push('timeBound');
  } else if (
    mode === 'answer' &&
    pending === 'confirmDeadline' &&
    isAffirmation(text) &&
    s.suggestion?.deadline
  ) {
    s.deadline = { date: s.suggestion.deadline, phrase: '' };
    captured.push('timeBound');
  }

  // Why it matters.
  if (answeringWhy && captured.length === 0) {
    if (isSubstantive(text) && !isUnsure(text) && !isQuestion(text)) {
      s.why = cleanWhy(text);
      captured.push('relevant');
    }
  } else if (why) {
    s.why = cleanWhy(why.clause);
    captured.push('relevant');
  } else if (
    mode === 'answer' &&
    captured.length === 0 &&
    s.goal &&
    !s.why &&
    /^to\s+\w+/i.test(text) &&
    isSubstantive(text)
  ) {
    // 'to be calmer' while the coach asked something else is still a reason; keep it and re-ask.
    s.why = cleanWhy(text);
    captured.push('relevant');
  }

  // Whether it is realistic, and accepting a proposed adjustment.
  if (mode === 'answer' && captured.length === 0) {
    if (pending === 'adjust' && isAffirmation(text) && s.suggestion) {
      if (s.suggestion.deadline) {
        s.deadline = { date: s.suggestion.deadline, phrase: '' };
        captured.push('timeBound');
      } else if (s.suggestion.target && s.measure) {
        s.measure = { type: 'total', target: s.suggestion.target };
        captured.push('measurable');
      }
    } else if (pending === 'achievable' && !isNegation(text)) {
      const affirmed = isAffirmation(text);
      if (affirmed || (isSubstantive(text) && !isUnsure(text) && !isQuestion(text))) {
        const pace = s.feasibility?.pace;
        s.achievable = {
          text: affirmed ? `Yes, realistic for you${pace ? `: ${pace}` : ''}` : cleanWhy(text),
          source: 'hero',
          key: achievableKey(s),
        };
        captured.push('achievable');
      }
    }
  }
  return { captured, vague };
}

function achievableKey(s: CoachState): string {
  return JSON.stringify([s.measure, s.measureText, s.deadline?.date]);
}

export function nextMissing(s: CoachState, required: Requirements): SmartPart | null {
  const parts = typeof required === 'function' ? required(s) : required;
  return SMART_ORDER.find((part) => parts.includes(part) && !isKnown(s, part)) ?? null;
}

/** Re-judges feasibility after a change, then decides what to ask next and whether the goal is ready. */
function settle(
  s: CoachState,
  today: Date,
  required: Requirements,
  event: CoachEvent,
): { state: CoachState; event: CoachEvent } {
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
