import type { Milestone } from './types.ts';

/** Milestones grouped by quest, in due-date order (undated last) so the next step reads first. */
export function milestonesByGoal(milestones: readonly Milestone[]): Map<string, Milestone[]> {
  const byGoal = new Map<string, Milestone[]>();
  for (const milestone of milestones) {
    const list = byGoal.get(milestone.goal_id) ?? [];
    list.push(milestone);
    byGoal.set(milestone.goal_id, list);
  }
  for (const list of byGoal.values()) {
    list.sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999'));
  }
  return byGoal;
}
