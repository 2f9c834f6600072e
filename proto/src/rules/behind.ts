// When a quest has fallen behind its plan, so the web offers "Re-plan with The Pathfinder" on exactly the
// quests the server would re-plan. Dates are yyyy-mm-dd (UTC calendar days); `today` is a parameter.
import { daysBetween } from './time.ts';

export interface PacedMilestone {
  is_completed: boolean;
  /** yyyy-mm-dd, or null for an undated milestone. */
  due_date: string | null;
}

export interface PacedQuest {
  is_completed: boolean;
  /** The day the quest began (yyyy-mm-dd). */
  start_date: string;
  /** yyyy-mm-dd, or null: without one only an overdue milestone can put the quest behind. */
  deadline: string | null;
  milestones: readonly PacedMilestone[];
}

export type BehindReason = 'overdue' | 'pace';

/**
 * Why a quest is behind, or null when it is not:
 * - `overdue`: its next open milestone (the earliest dated one still open) was due before today;
 * - `pace`: fewer milestones are done than an even pace from start to deadline would have done by now.
 *   The pace counts whole milestones (floor of the share of time gone times the milestones), so a quest
 *   is not behind on its first day merely because a sliver of its time is gone.
 * A completed quest, or one with every milestone done, is never behind.
 */
export function questBehind(quest: PacedQuest, today: string): BehindReason | null {
  if (quest.is_completed) return null;
  const open = quest.milestones.filter((m) => !m.is_completed);
  if (open.length === 0) return null;
  const nextDue = open
    .map((m) => m.due_date)
    .filter((d): d is string => d !== null)
    .sort()[0];
  if (nextDue !== undefined && nextDue < today) return 'overdue';
  if (!quest.deadline) return null;
  const span = daysBetween(quest.start_date, quest.deadline);
  if (span <= 0) return quest.deadline < today ? 'pace' : null;
  const gone = Math.min(1, Math.max(0, daysBetween(quest.start_date, today) / span));
  const expected = Math.floor(gone * quest.milestones.length + 1e-9);
  const done = quest.milestones.length - open.length;
  return done < expected ? 'pace' : null;
}

/** Whether the quest is behind (see questBehind). */
export function isQuestBehind(quest: PacedQuest, today: string): boolean {
  return questBehind(quest, today) !== null;
}
