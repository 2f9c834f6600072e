// When an open quest is behind (docs/features/daily-loop.md#weekly-review). Pure: today is a parameter.
import { daysBetween } from '@lifequest/proto';

/** How far the share of milestones done may trail the share of the quest's time gone by. */
export const AT_RISK_MARGIN = 0.25;

export interface ReviewedMilestone {
  title: string;
  /** yyyy-mm-dd, or null. */
  dueDate: string | null;
  isCompleted: boolean;
  position: number;
}

export interface ReviewedQuest {
  /** The day (yyyy-mm-dd) the quest began. */
  startedOn: string;
  /** yyyy-mm-dd, or null. */
  deadline: string | null;
  milestones: readonly ReviewedMilestone[];
}

/**
 * What is behind on the quest, in a sentence, or null when it is on track:
 * - its next milestone (the first open one) is overdue;
 * - or, with a deadline, the share of milestones done trails the share of its time gone by more than
 *   AT_RISK_MARGIN.
 */
export function atRiskReason(quest: ReviewedQuest, today: string): string | null {
  const open = quest.milestones.filter((m) => !m.isCompleted).sort((a, b) => a.position - b.position);
  const next = open[0];
  if (next?.dueDate && next.dueDate < today) {
    return `Its next milestone “${next.title}” was due ${next.dueDate}.`;
  }
  const total = quest.milestones.length;
  if (!quest.deadline || total === 0) return null;
  const span = daysBetween(quest.startedOn, quest.deadline);
  if (span <= 0) return null;
  const timeGone = Math.min(1, Math.max(0, daysBetween(quest.startedOn, today) / span));
  const done = total - open.length;
  if (timeGone - done / total <= AT_RISK_MARGIN) return null;
  return `${done} of ${total} milestones done with ${Math.round(timeGone * 100)}% of its time gone.`;
}
