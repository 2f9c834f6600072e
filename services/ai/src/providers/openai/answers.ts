import {
  type CreateGoalAction,
  FloatingChatReply,
  fallbackGoalPlan,
  OnboardingReply,
  Plan,
  SMART_PARTS,
  type SmartGoalData,
  toIsoDate,
} from '@lifequest/proto';
import type { AdvisorAnswer, OnboardingTask, ReplanProposal } from '../port.ts';
import type { AdvisorOutput, FloatingChatOutput, OnboardingOutput, ReplanOutput } from './output-schemas.ts';

// A model's structured answer, turned into the contract the web relies on. What the model says is
// checked, not trusted: 'ready' needs all five SMART parts and a dated goal; a plan must pass the same
// schema quests uses to confirm it. Anything that cannot be repaired is an InvalidOutput.

export class InvalidOutput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidOutput';
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

export function onboardingAnswer(
  output: OnboardingOutput,
  task: OnboardingTask,
  today: Date,
): OnboardingReply {
  const smartGoalData: SmartGoalData = { ...(task.smartGoalData ?? {}), ...output.smartGoalData };
  const goal = output.finalGoal;
  const goalUsable =
    goal !== null &&
    goal.title.trim() !== '' &&
    isDay(goal.deadline) &&
    goal.deadline >= toIsoDate(today) &&
    goal.milestones.some(filled);
  // A model may announce 'ready' early; the phase follows what is actually known.
  const ready =
    output.phase === 'ready' && SMART_PARTS.every((part) => filled(smartGoalData[part])) && goalUsable;
  const reply = {
    response: output.response.trim(),
    phase: ready ? 'ready' : 'initial',
    smartGoalData,
    finalGoal:
      ready && goal
        ? { ...goal, title: goal.title.trim(), milestones: goal.milestones.filter(filled) }
        : null,
  };
  const parsed = OnboardingReply.safeParse(reply);
  if (!parsed.success) throw new InvalidOutput(`onboarding reply: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The floating chat's answer. A suggested goal becomes one CREATE_GOAL action; when its dates or
 * rewards are unusable the fallback plan is offered instead (90 days, 100 XP: docs/product.md#pathfinder).
 */
export function floatingChatAnswer(output: FloatingChatOutput, today: Date): FloatingChatReply {
  const actions: CreateGoalAction[] = [];
  const goal = output.goal;
  if (goal && goal.title.trim() !== '') {
    const title = goal.title.trim();
    const start = toIsoDate(today);
    const target = goal.targetDate;
    const usable =
      isDay(target) &&
      target > start &&
      goal.milestones.length > 0 &&
      goal.milestones.every(
        (m) =>
          m.title.trim() !== '' &&
          isDay(m.dueDate) &&
          m.dueDate >= start &&
          m.dueDate <= target &&
          Number.isInteger(m.xpReward) &&
          m.xpReward >= 0,
      );
    const plan = usable
      ? {
          title,
          targetDate: target,
          milestones: goal.milestones.map((m) => ({
            title: m.title.trim(),
            dueDate: m.dueDate,
            xpReward: m.xpReward,
          })),
        }
      : fallbackGoalPlan(title, start);
    const xpTotal = plan.milestones.reduce((sum, m) => sum + m.xpReward, 0);
    actions.push({
      type: 'CREATE_GOAL',
      payload: { title: plan.title, targetDate: plan.targetDate, xpTotal, milestones: plan.milestones },
    });
  }
  const parsed = FloatingChatReply.safeParse({ reply: output.reply.trim(), actions });
  if (!parsed.success) throw new InvalidOutput(`chat reply: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function advisorAnswer(output: AdvisorOutput, today: Date): AdvisorAnswer {
  const reply = output.reply.trim();
  if (!reply) throw new InvalidOutput('advisor reply: empty');
  if (!output.plan) return { reply, plan: null };
  const start = toIsoDate(today);
  const milestoneXp = output.plan.milestones.reduce((sum, m) => sum + m.xp_reward, 0);
  const candidate = {
    ...output.plan,
    // The quest's whole worth is at least what its milestones pay out.
    xp_policy: {
      ...output.plan.xp_policy,
      total_goal_xp: Math.max(output.plan.xp_policy.total_goal_xp, milestoneXp),
    },
  };
  const parsed = Plan.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidOutput(`plan: ${issue?.path.join('.')} ${issue?.message}`);
  }
  if (parsed.data.milestones.some((m) => m.due_date !== null && m.due_date < start)) {
    throw new InvalidOutput('plan: a milestone is due before today');
  }
  return { reply, plan: parsed.data };
}

/**
 * A model's re-plan, checked before anyone sees it: a reply, at least one milestone, every date a real
 * day after today, whole non-negative rewards. The ai service then holds it to the quest (replan/draft.ts).
 */
export function replanAnswer(output: ReplanOutput, today: Date): ReplanProposal {
  const reply = output.reply.trim();
  if (!reply) throw new InvalidOutput('re-plan reply: empty');
  if (output.milestones.length === 0) throw new InvalidOutput('re-plan: no milestones');
  const start = toIsoDate(today);
  const milestones = output.milestones.map((m, i) => {
    const label = m.label.trim();
    if (!label) throw new InvalidOutput(`re-plan: milestone ${i} has no label`);
    if (!isDay(m.due_date) || m.due_date < start) {
      throw new InvalidOutput(`re-plan: milestone ${i} is not due on a day from today on`);
    }
    if (!Number.isInteger(m.xp_reward) || m.xp_reward < 0) {
      throw new InvalidOutput(`re-plan: milestone ${i} has an unusable reward`);
    }
    return { id: m.id, label, due_date: m.due_date, xp_reward: m.xp_reward };
  });
  return { reply, reasons: output.reasons.map((r) => r.trim()).filter(Boolean), milestones };
}
