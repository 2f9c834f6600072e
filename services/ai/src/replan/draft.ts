import { AppError } from '@lifequest/platform';
import { type GoalCategory, type GoalDifficulty, Plan, type ReplanSource } from '@lifequest/proto';
import type { ReplanProposal } from '../providers/port.ts';

/**
 * A provider's re-plan held to the quest, whichever provider wrote it, and turned into the Plan the web
 * confirms (with `goal_id`):
 * - the completed milestones come from the quest as they are (id, title, date, reward, completed);
 * - an id the proposal names is kept only when it is an open milestone of this quest (once);
 * - the open milestones' rewards are scaled to add up to what they add up to now, so the quest's XP
 *   does not change; the quest's total_goal_xp and bonuses are its own.
 * A proposal that cannot be held to it (dates out of order, past the last plannable day) is the model's
 * broken answer: AI_OUTPUT_INVALID, and nothing is saved.
 */
export function replanDraft(source: ReplanSource, proposal: ReplanProposal, title?: string): Plan {
  const done = source.milestones.filter((m) => m.is_completed);
  const open = source.milestones.filter((m) => !m.is_completed);
  const openIds = new Set(open.map((m) => m.id));
  const used = new Set<string>();
  const budget = open.reduce((sum, m) => sum + m.xp_reward, 0);
  const rewards = scaled(
    proposal.milestones.map((m) => m.xp_reward),
    budget,
  );
  const dates = proposal.milestones.map((m) => m.due_date);
  if (dates.some((d, i) => i > 0 && d < dates[i - 1]!)) invalid('the milestones are not in date order');
  const goal = source.goal;
  const candidate = {
    goal_id: goal.id,
    goal: {
      title: title ?? goal.title,
      category: (goal.category ?? 'project') as GoalCategory,
      difficulty: (goal.difficulty ?? 'medium') as GoalDifficulty,
      metric: { target_value: goal.target_value ?? null, unit: goal.unit ?? null },
    },
    milestones: [
      ...done.map((m) => ({
        id: m.id,
        label: m.title,
        due_date: m.due_date,
        xp_reward: m.xp_reward,
        is_completed: true,
      })),
      ...proposal.milestones.map((m, i) => {
        const keep = m.id !== null && openIds.has(m.id) && !used.has(m.id);
        if (keep) used.add(m.id!);
        return {
          ...(keep ? { id: m.id! } : {}),
          label: m.label,
          due_date: m.due_date,
          xp_reward: rewards[i]!,
          is_completed: false,
        };
      }),
    ],
    xp_policy: {
      total_goal_xp: source.total_xp,
      bonuses: { early_milestone: source.early_milestone_bonus, logging_daily: source.logging_daily_bonus },
    },
    habits: goal.habits ?? [],
  };
  const parsed = Plan.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    invalid(`${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

/** Whole rewards in the proportions given, adding up to `total` exactly (largest remainders first). */
export function scaled(weights: readonly number[], total: number): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? (w * total) / sum : total / weights.length));
  const whole = shares.map(Math.floor);
  let left = total - whole.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i]! += 1;
    left -= 1;
  }
  return whole;
}

function invalid(detail: string): never {
  throw new AppError('AI_OUTPUT_INVALID', "The Pathfinder's re-plan could not be used. Please try again.", {
    cause: new Error(`re-plan: ${detail}`),
  });
}
