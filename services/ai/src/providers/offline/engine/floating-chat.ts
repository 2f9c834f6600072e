import type { ChatMessage, CreateGoalAction, FloatingChatReply } from '@lifequest/proto';
import { crisisReply, detectsSelfHarm } from '../../../guardrails/self-harm.ts';
import { adviceFor, isGreeting, isThanks } from './advice.ts';
import { answerFor } from './answering.ts';
import { readConversation, resolvedTarget } from './coach.ts';
import { domainById } from './domain.ts';
import { readIntent } from './frame.ts';
import { isQuestion, normalise } from './intent.ts';
import { buildMilestonePlan } from './milestones.ts';
import { milestonesOf, questTitle } from './quest.ts';
import { addDays, formatLongDate, toIsoDate } from './readers/calendar.ts';
import { onboardingResponse, questionFor } from './voice.ts';

// The floating chat bubble: conversational coaching. When a message makes a goal clear (or changes
// it), the reply carries one CREATE_GOAL action the hero can apply. A goal without a deadline uses the
// product's fallback: 90 days out, 100 XP, milestones at 30/60/90 days worth 25/25/50 XP.

export const FALLBACK_DAYS = 90;
export const FALLBACK_XP = 100;

const GREETING =
  "Greetings, hero! I'm The Pathfinder. What are you working towards? Tell me a goal, or ask me anything about staying on the path.";

export function floatingChatTurn(input: { messages: ChatMessage[]; today: Date }): FloatingChatReply {
  const heroMessages = input.messages.filter((m) => m.role === 'user').map((m) => normalise(m.content));
  const last = heroMessages[heroMessages.length - 1];
  if (last === undefined) return { reply: GREETING, actions: [] };
  if (detectsSelfHarm(last)) return { reply: crisisReply('hero'), actions: [] };

  // Advice, questions and small talk are answered, never drafted as a goal, and shape no later goal.
  const earlier = heroMessages.slice(0, -1).filter((m) => readIntent(m) === 'goal');
  const intent = readIntent(last);
  if (intent !== 'goal') {
    if (isGreeting(last) && earlier.length === 0) return { reply: GREETING, actions: [] };
    const before = earlier.length > 0 ? readConversation(earlier, input.today, ['specific']).state : null;
    return { reply: answerFor(intent, last, before, input.today), actions: [] };
  }
  const { state, event, goalChanged } = readConversation([...earlier, last], input.today, ['specific']);

  if (event.kind === 'pushback') {
    return { reply: onboardingResponse(state, event, 'hero', input.today, heroMessages.length), actions: [] };
  }
  if (state.goal && goalChanged) {
    const title = questTitle(state, input.today);
    const milestones = state.deadline
      ? milestonesOf(state, input.today)
      : buildMilestonePlan({
          title,
          target: resolvedTarget(state, input.today),
          deadline: toIsoDate(addDays(input.today, FALLBACK_DAYS)),
          today: input.today,
          totalXp: FALLBACK_XP,
          count: 3,
          domain: state.goal.domain,
        });
    const targetDate = milestones[milestones.length - 1]!.due_date;
    const action: CreateGoalAction = {
      type: 'CREATE_GOAL',
      payload: {
        title,
        targetDate,
        xpTotal: milestones.reduce((sum, m) => sum + m.xp_reward, 0),
        milestones: milestones.map((m) => ({ title: m.label, dueDate: m.due_date, xpReward: m.xp_reward })),
      },
    };
    const area = domainById(state.goal.domain);
    const pace = state.feasibility?.pace ? ` That's ${state.feasibility.pace}.` : '';
    // One question at a time: the measure first, then the date.
    const followUp = [
      state.deadline ? '' : " I've set it 90 days out.",
      !state.measure && !state.measureText
        ? ` ${questionFor('measurable', state, input.today)}`
        : state.deadline
          ? ''
          : " Tell me a date if you'd like another.",
    ].join('');
    const reply = `${area.tip}${pace} I've drafted "${title}" with ${milestones.length} milestones, due ${formatLongDate(targetDate)}. Add it to your quests if it looks right.${followUp}`;
    return { reply, actions: [action] };
  }

  if (isGreeting(last)) return { reply: GREETING, actions: [] };
  const advice = isQuestion(last) || !state.goal ? adviceFor(last) : null;
  if (advice) return { reply: advice, actions: [] };
  if (state.goal) {
    const reply = isThanks(last)
      ? `Gladly, hero. One step at a time on "${questTitle(state, input.today)}"; I'm here whenever you need me.`
      : `Keep walking the path on "${questTitle(state, input.today)}". ${domainById(state.goal.domain).tip}`;
    return { reply, actions: [] };
  }
  return { reply: onboardingResponse(state, event, 'hero', input.today, heroMessages.length), actions: [] };
}
