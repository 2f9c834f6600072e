import { adviceFor, isGreeting } from './advice.ts';
import type { CoachState } from './coach.ts';
import { detectDomain, domainById } from './domain.ts';
import { assessFeasibility, type Verdict } from './feasibility.ts';
import { type Intent, inAnotherLanguage } from './frame.ts';
import { readMeasure } from './measure.ts';
import { capitalise, planOf } from './quest.ts';
import { addDays, daysBetween, formatLongDate, fromIsoDate, toIsoDate } from './readers/calendar.ts';
import { readDeadline } from './readers/deadline.ts';
import type { CoachPlan } from './schemas.ts';
import { describeMeasure, resolveTarget } from './target.ts';

// Advice, a question about a quest and small talk get an answer, never a plan: a hero asking why they
// keep skipping runs wants help, not a new 'run' quest. The quest being shaped in the conversation, if
// any, is the answer's context: its title, the tip of its area and its next checkpoints.

const GENERAL_ADVICE =
  'Make the next step small enough to do today, tie it to something you already do, and tick it off where you can see it. Consistency first, intensity later.';

/** The plan the conversation has shaped so far, if it is ready. */
function draftOf(state: CoachState | null, today: Date): CoachPlan | null {
  return state && state.phase !== 'initial' ? planOf(state, today) : null;
}

function checkpoints(plan: CoachPlan, count: number): string {
  return plan.milestones
    .slice(0, count)
    .map((m) => `"${m.label}" by ${formatLongDate(m.due_date)}`)
    .join(', ');
}

/** 'Is 3 books a month too much?', 'is $500 by March realistic?': a pace the hero wants judged. */
const JUDGE_IT =
  /\b(?:too (?:much|many|little|few|hard|easy|ambitious|fast|slow)|realistic|doable|achievable|reasonable|possible|enough|sustainable|manageable)\b/i;

const VERDICT_WORDS: Record<Exclude<Verdict, 'unknown'>, string> = {
  comfortable: 'a comfortable pace that most heroes keep',
  moderate: 'a steady pace: it asks for regular effort, and it is well within reach',
  stretch: 'a stretch: doable, with discipline and a plan',
  unrealistic: 'more than most could keep',
};

/** The coach's view of the amount the hero asks about, by the same rules of thumb its plans use. */
function judgedPace(text: string, today: Date): string | null {
  // Only an amount the hero names is judged ('save each month' names none).
  if (
    !JUDGE_IT.test(text) ||
    !/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|fifty|hundred|thousand|once|twice)\b/i.test(
      text,
    )
  )
    return null;
  const measure = readMeasure(text.toLowerCase(), null);
  if (!measure || measure.type === 'done') return null;
  // Without a date, a pace kept for three months, the span a first quest is planned over.
  const deadline = readDeadline(text, today)?.date ?? toIsoDate(addDays(today, 90));
  const target = resolveTarget(measure, daysBetween(today, fromIsoDate(deadline)));
  const { verdict, pace, concern } = assessFeasibility({
    target,
    measure,
    domain: detectDomain(text)?.id ?? null,
    today,
    deadline,
  });
  if (verdict === 'unknown') return null;
  const paced = pace && pace !== describeMeasure(measure) ? ` (${pace})` : '';
  return `${capitalise(describeMeasure(measure))}${paced} is ${VERDICT_WORDS[verdict]}.${concern ? ` ${concern}` : ''}`;
}

/** The answer to a goal in Spanish, German or French, which this engine cannot read. */
export const ENGLISH_ONLY =
  "For now I read goals in English, hero. Tell me yours in English, with a number and a date, such as 'Lose 10 kg by June 30' or 'Read 12 books this year', and I'll draw up the plan.";

/** The reply to a message that is not a goal, given the conversation's state before it. */
export function answerFor(
  intent: Exclude<Intent, 'goal'>,
  text: string,
  state: CoachState | null,
  today: Date,
): string {
  const plan = draftOf(state, today);
  const area = state?.goal ? domainById(state.goal.domain) : null;
  if (intent === 'small-talk') {
    if (isGreeting(text) || /\bhow are you\b|\bhow(?:'s| is) it going\b/i.test(text))
      return plan
        ? `Greetings, hero! Your plan for "${plan.goal.title}" is waiting. Confirm it, tell me what to change, or ask me anything.`
        : "Greetings, hero! I'm The Pathfinder. Tell me a goal you'd like to reach, with a number and a date if you have them, or ask me anything about staying on the path.";
    return plan
      ? `Gladly, hero. Your plan for "${plan.goal.title}" is here whenever you're ready to confirm it.`
      : "Gladly, hero. Tell me whenever you'd like to turn a goal into a quest.";
  }
  if (inAnotherLanguage(text)) return ENGLISH_ONLY;
  const judged = judgedPace(text, today);
  if (judged && !plan) return `${judged} Tell me the goal and a date, and I'll draw up a plan at that pace.`;
  const advice = adviceFor(text) ?? (intent === 'advice' ? (area?.tip ?? GENERAL_ADVICE) : null);
  if (plan) {
    const lead = `For "${plan.goal.title}":`;
    const steps = `Your checkpoints: ${checkpoints(plan, 3)}.`;
    return [lead, advice ?? area?.tip ?? '', steps].filter(Boolean).join(' ');
  }
  if (advice) return `${advice} When you're ready, tell me the goal behind it and I'll draw up a plan.`;
  return "Good question. I plan goals best: tell me what you'd like to reach, how much and by when, and I'll draw the map, with checkpoints you can ask me about.";
}
