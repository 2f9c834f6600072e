import type { CoachState } from './coach.ts';
import { type DomainId, detectNamedDomain, domainById } from './domain.ts';
import { readFrame, sameGoal } from './frame.ts';
import { readMessageFrame } from './goal-frame.ts';
import { findWhyClause, readGoal } from './goal-phrase.ts';
import {
  hasOverrideMarker,
  isAffirmation,
  isNegation,
  isQuestion,
  isRefineRequest,
  isUnsure,
} from './intent.ts';
import { readMeasure } from './measure.ts';
import { readDeadline } from './readers/deadline.ts';

// The conversation model shared by the advisor, the onboarding chat and the floating chat: what a
// message does to the goal being shaped. It answers the question the coach asked (or volunteers more
// about the same goal), it revises a goal that is ready ('change the deadline to August 1', 'make it 20
// books'), or it states a new goal, which starts a new draft from nothing: a weight-loss goal after a
// savings plan is a fitness goal in kilograms, not a savings goal measured in kilograms.

export type MessageKind = 'answer' | 'revise' | 'new-goal';

/** 'new goal', 'another goal', 'I also want to': the hero says it is a different goal. */
const NEW_GOAL =
  /\b(?:(?:a |my )?(?:new|next|another|other|second|different|separate) (?:goal|quest|plan)|i also (?:want|would like|'d like|need) to|(?:also|and) (?:a|one) more (?:goal|quest))\b/i;

/** A reason or a small reply is never a goal statement ('because I want to run with my kids'). */
const NOT_A_STATEMENT = /^(?:because|'cause|cause|since|so\b|as\b|for my|to\s|and\s|but\s|it'?s\b|it is\b)/i;

/** Someone stating a goal: 'I want to', 'my goal is', 'help me', or a sentence led by the action. */
const GOAL_INTRO =
  /\b(?:i (?:really |also )?(?:want|would like|'d like|wanna|need|plan|hope|aim|intend|wish|am going|'m going|am gonna|'m gonna|will|'ll|would love|'d love|would rather|'d rather)\b|my (?:new |next |main |real )?(?:goal|aim|plan|target|resolution)\b|help me\b|new goal\b)/i;

export type GoalStatement = {
  domain: DomainId;
  /** The message also says how much or by when: it stands on its own as a goal. */
  complete: boolean;
};

/** The goal a message states on its own, if it states one in an area the coach knows. */
export function readGoalStatement(text: string, today: Date): GoalStatement | null {
  if (NOT_A_STATEMENT.test(text) || isAffirmation(text) || isNegation(text) || isUnsure(text)) return null;
  if (isQuestion(text) && !GOAL_INTRO.test(text)) return null;
  const deadline = readDeadline(text, today);
  const why = findWhyClause(text);
  const body = why ? text.slice(0, why.index) : text;
  const reading = readGoal(body, deadline?.phrase ?? null);
  if (reading.kind !== 'concrete') return null;
  // The area must be named, not guessed: 'I want to travel' could be a reason as well as a goal.
  const area = detectNamedDomain(reading.phrase);
  if (!area) return null;
  const measured = readMeasure(deadline ? body.replace(deadline.phrase, ' ') : body, null) !== null;
  const complete = measured || deadline !== null;
  return complete || GOAL_INTRO.test(text) ? { domain: area.id, complete } : null;
}

/**
 * What the message does to the conversation in state `s`. A goal in another area is a new goal; after a
 * plan has been offered, so is any goal stated with its own number or date in a different area of the
 * same kind (a course after a reading plan). While the coach is still asking, a goal of the same kind in
 * a neighbouring area is taken as an answer ('read 10 books in Spanish' for a language goal).
 */
export function classifyMessage(s: CoachState, text: string, today: Date): MessageKind {
  const revising = s.phase !== 'initial' || s.pending === 'refine';
  const usual: MessageKind = revising ? 'revise' : 'answer';
  if (!s.goal) return usual;
  const planned = s.phase !== 'initial' || s.everReady;
  if (planned && statesAnotherGoal(text, s.goal.phrase, today)) return 'new-goal';
  const statement = readGoalStatement(text, today);
  if (!statement) return usual;
  if (NEW_GOAL.test(text)) return 'new-goal';
  if (statement.domain === s.goal.domain) return usual;
  // Asked why or what might get in the way, heroes often answer with another wish ('I want to run with
  // my kids', 'I will go for a walk instead'); while a question is open, only a goal with its own number
  // or date replaces the one being shaped.
  if (s.pending !== null && s.pending !== 'specific' && !statement.complete) return usual;
  if (domainById(statement.domain).category !== domainById(s.goal.domain).category) return 'new-goal';
  return planned && statement.complete ? 'new-goal' : usual;
}

/**
 * A message that states a goal of its own, about other things than the goal already planned: it opens
 * with its own action, names what it acts on, says how much or by when, and shares neither the action
 * nor a thing named with the plan ('be in bed by 11pm every night' after a coffee plan, 'release a
 * 6-track EP' after a shop launch). A change to the plan ('make it 20 books', 'finish by June instead')
 * names nothing new and stays a revision, whatever the area.
 */
const GENERIC_ACTIONS = new Set(
  'finish complete end do get reach hit make go start try keep aim be have change move push extend add'.split(
    ' ',
  ),
);

function statesAnotherGoal(text: string, planned: string, today: Date): boolean {
  if (NOT_A_STATEMENT.test(text) || isQuestion(text) || isRefineRequest(text) || hasOverrideMarker(text))
    return false;
  const frame = readMessageFrame(text, today);
  // An action alone names a goal only when it is more than finishing or doing ('finish by September').
  const named = frame.about.length > 0 || (frame.action !== null && !GENERIC_ACTIONS.has(frame.action));
  if (!frame.leadsWithAction || !named) return false;
  if (frame.measure === null && frame.deadline === null) return false;
  return !sameGoal(frame, readFrame(planned));
}
