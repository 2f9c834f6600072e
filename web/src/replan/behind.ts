import { type DashboardItem, type Goal, type Milestone, questBehind, toIsoDate } from '@lifequest/proto';

// Whether a quest card offers "Re-plan with The Pathfinder": the shared rule of proto (rules/behind.ts),
// so the web offers a re-plan exactly when the server would judge the quest behind.

/** A quest card of the dashboard: the quest and its own milestones. */
export function goalIsBehind(goal: Goal, milestones: readonly Milestone[], now: Date): boolean {
  return (
    questBehind(
      {
        is_completed: goal.is_completed,
        start_date: goal.start_date ?? toIsoDate(now),
        deadline: goal.deadline,
        milestones,
      },
      toIsoDate(now),
    ) !== null
  );
}

/**
 * A Pathfinder dashboard item: its counts and next milestone say all the rule reads (the earliest open
 * due date and how many milestones are done), so it is rebuilt from them.
 */
export function dashboardItemIsBehind(item: DashboardItem, now: Date): boolean {
  const open = item.totalMilestones - item.completedMilestones;
  const milestones = [
    ...Array.from({ length: item.completedMilestones }, () => ({ is_completed: true, due_date: null })),
    ...Array.from({ length: open }, (_, i) => ({
      is_completed: false,
      due_date: i === 0 ? (item.nextMilestone?.dueDate ?? null) : null,
    })),
  ];
  return (
    questBehind(
      {
        is_completed: false,
        start_date: item.goal.startDate ?? toIsoDate(now),
        deadline: item.goal.targetDate,
        milestones,
      },
      toIsoDate(now),
    ) !== null
  );
}
