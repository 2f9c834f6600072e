import type { AdvisorReply, ChatMessage, SmartPart } from '@lifequest/proto';
import { crisisReply, detectsSelfHarm } from '../../../guardrails/self-harm.ts';
import { answerFor } from './answering.ts';
import { type CoachState, readConversation } from './coach.ts';
import { domainById } from './domain.ts';
import { readIntent } from './frame.ts';
import { planOf } from './quest.ts';
import { formatLongDate } from './readers/calendar.ts';
import type { CoachPlan } from './schemas.ts';
import { onboardingResponse } from './voice.ts';

// The AI Coach on the Pathfinder page: it proposes a Plan as soon as it knows what, how much and by
// when, and the hero confirms it. The why and the pace are welcome but not required here; an
// unrealistic target is still pushed back before any plan is offered.

/** A number is required where the area has one ('how many books?'); a project is tracked as percent done. */
function advisorRequires(s: CoachState): readonly SmartPart[] {
  if (s.goal && domainById(s.goal.domain).defaultUnit === null) return ['specific', 'timeBound'];
  return ['specific', 'measurable', 'timeBound'];
}

function planReply(plan: CoachPlan, paceQuestion: string | null, pace: string | null): string {
  const last = plan.milestones[plan.milestones.length - 1]!;
  const lines = [
    `Here is a plan for "${plan.goal.title}": ${plan.milestones.length} milestones between now and ${formatLongDate(last.due_date)}, worth ${plan.xp_policy.total_goal_xp} XP in all (${plan.goal.difficulty === 'easy' ? 'an' : 'a'} ${plan.goal.difficulty} quest).`,
    `First checkpoint: "${plan.milestones[0]!.label}" by ${formatLongDate(plan.milestones[0]!.due_date)}.${pace ? ` That's ${pace}.` : ''}`,
    `Habits to carry you: ${plan.habits.join('; ')}.`,
    paceQuestion ?? '',
    'Confirm the plan to begin, or tell me what to change.',
  ];
  return lines.filter(Boolean).join('\n');
}

/** proto's AdvisorReply before the service adds the draft's id. */
export type AdvisorTurn = Omit<AdvisorReply, 'draftId'>;

export function advisorTurn(input: { message: string; history: ChatMessage[]; today: Date }): AdvisorTurn {
  // Advice, questions and small talk earlier in the conversation shaped no goal; they are not replayed.
  const earlier = input.history
    .filter((m) => m.role === 'user' && readIntent(m.content) === 'goal')
    .map((m) => m.content);
  const heroMessages = [...earlier, input.message];
  const intent = readIntent(input.message);
  if (intent !== 'goal' && !detectsSelfHarm(input.message)) {
    const before = earlier.length > 0 ? readConversation(earlier, input.today, advisorRequires).state : null;
    return {
      reply: answerFor(intent, input.message, before, input.today),
      needs_confirmation: false,
      plan: null,
    };
  }
  const { state, event } = readConversation(heroMessages, input.today, advisorRequires);
  if (event.kind === 'crisis') return { reply: crisisReply('hero'), needs_confirmation: false, plan: null };

  const plan = state.phase !== 'initial' ? planOf(state, input.today) : null;
  if (!plan) {
    return {
      reply: onboardingResponse(state, event, 'hero', input.today, heroMessages.length),
      needs_confirmation: false,
      plan: null,
    };
  }
  const f = state.feasibility;
  const by = formatLongDate(plan.milestones.at(-1)!.due_date);
  const check = f?.pace
    ? `is ${f.pace} realistic for you?`
    : `does ${by} give you enough time alongside the rest of your life?`;
  const question =
    f?.verdict === 'unknown' || f?.verdict === 'stretch'
      ? `One honest check: ${check} If not, I'll stretch the deadline or trim the target.`
      : null;
  // A daily amount or a cut is its own pace; 'That's 10,000 steps a day' would only repeat the title.
  const pace = state.measure?.type === 'per-period' ? null : (f?.pace ?? null);
  const fresh = event.kind === 'progress' && event.newGoal ? 'A new quest, then! ' : '';
  return { reply: `${fresh}${planReply(plan, question, pace)}`, needs_confirmation: true, plan };
}
