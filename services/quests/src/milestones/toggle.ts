import {
  type CompletedQuest,
  type EventPayloads,
  goalCompletedPayload,
  type MilestoneToggleResult,
  milestoneCompletedPayload,
  questProgress,
  toIsoDate,
} from '@lifequest/proto';
import { bonusWithinRoom } from '../xp/quest-cap.ts';

/*
 * A toggle reads, decides, then writes (docs/features/house-quests-gateway.md): the service reads the
 * locked quest and its milestones (and, when an early bonus is on offer, the quest's bonus room), the
 * pure functions here decide everything that follows from them, and one statement plus the decided
 * outbox events apply it. Nothing below touches the database or the clock.
 */

/**
 * The plan bonus a milestone offers on completion: the quest's early_milestone XP when it is completed
 * before its due date (by UTC calendar day; on the due date itself is on time, not early), never more
 * than the milestone's own reward (a 0-XP milestone earns no bonus). What the quest then pays is cut to
 * its room (xp/quest-cap.ts).
 */
export function earlyBonus(
  dueDate: string | null,
  completedOn: string,
  earlyMilestoneBonusXp: number,
  xpReward: number,
): number {
  return dueDate !== null && completedOn < dueDate ? Math.min(earlyMilestoneBonusXp, xpReward) : 0;
}

/** The quest a milestone belongs to, as read under its row lock. */
export interface LockedQuest {
  id: string;
  title: string;
  class_name: string;
  foundation: string | null;
  is_completed: boolean;
  /** Its worth: the milestones' rewards plus the completion bonus. */
  total_xp: number;
  completion_bonus: number;
  early_bonus: number;
  version: number;
}

/** A milestone of the locked quest, as the toggle needs it. */
export interface QuestMilestone {
  id: string;
  title: string;
  /** yyyy-mm-dd */
  due_date: string | null;
  is_completed: boolean;
  xp_reward: number;
  xp_awarded: number;
  version: number;
}

/** What the toggle read, under the quest's lock. */
export interface ToggleRead {
  quest: LockedQuest;
  /** Every milestone of the quest, the toggled one among them. */
  milestones: readonly QuestMilestone[];
  milestone: QuestMilestone;
  /** When the toggle happens: taken once the lock is held. */
  now: Date;
  /**
   * The XP the quest may still pay as bonuses (xp/quest-cap.ts); read only when the toggle offers an
   * early bonus (`offeredBonus`), null otherwise.
   */
  bonusRoom: number | null;
}

type ToggleEventName = 'milestone.completed' | 'milestone.reopened' | 'goal.completed' | 'goal.reopened';

/** An outbox event the toggle records, in the order it records them. */
export type ToggleEvent = {
  [N in ToggleEventName]: { name: N; payload: EventPayloads[N] };
}[ToggleEventName];

export interface ToggleDecision {
  /** The toggled milestone's new row. */
  milestone: {
    id: string;
    isCompleted: boolean;
    completedAt: Date | null;
    xpAwarded: number;
    version: number;
  };
  /** The quest's new completion when the toggle changes it; null leaves the quest's row alone. */
  quest: { id: string; isCompleted: boolean; completedAt: Date | null; version: number } | null;
  events: ToggleEvent[];
  /** The answer, but for the hero's totals (the XP ledger's to say). */
  result: Omit<MilestoneToggleResult, 'user'>;
}

/** The early bonus a toggle offers before the quest's room cuts it: only a completion can earn one. */
export function offeredBonus(quest: LockedQuest, milestone: QuestMilestone, now: Date): number {
  if (milestone.is_completed) return 0;
  return earlyBonus(milestone.due_date, toIsoDate(now), quest.early_bonus, milestone.xp_reward);
}

/**
 * Completes an open milestone or reopens a completed one: its new row, the quest's when its completion
 * changes with it, the events the XP ledger and the other services follow, and the XP it moves.
 */
export function decideToggle(read: ToggleRead, userId: string): ToggleDecision {
  const { quest, milestone, now } = read;
  const completing = !milestone.is_completed;
  const offered = offeredBonus(quest, milestone, now);
  if (offered > 0 && read.bonusRoom === null) throw new Error('an early bonus is offered: read the room');
  const bonus = offered > 0 ? bonusWithinRoom(offered, read.bonusRoom ?? 0) : 0;
  const xpAwarded = completing ? milestone.xp_reward + bonus : 0;
  const after = read.milestones.map((m) => (m.id === milestone.id ? { ...m, is_completed: completing } : m));
  const progress = questProgress(after);
  const questDone = progress.total > 0 && progress.completed === progress.total;
  const questChanges = questDone !== quest.is_completed;
  const milestoneVersion = milestone.version + 1;
  const questVersion = quest.version + 1;
  const completed: CompletedQuest = {
    goalId: quest.id,
    userId,
    title: quest.title,
    className: quest.class_name,
    foundation: quest.foundation,
  };

  const base = { milestoneId: milestone.id, goalId: quest.id, userId, title: milestone.title };
  const events: ToggleEvent[] = [
    completing
      ? {
          name: 'milestone.completed',
          payload: milestoneCompletedPayload(
            completed,
            {
              milestoneId: milestone.id,
              title: milestone.title,
              xpReward: milestone.xp_reward,
              version: milestoneVersion,
            },
            bonus,
          ),
        }
      : {
          name: 'milestone.reopened',
          payload: {
            ...base,
            goalTitle: quest.title,
            xpReward: milestone.xp_reward,
            version: milestoneVersion,
          },
        },
  ];
  let xpDelta = completing ? xpAwarded : -milestone.xp_awarded;
  if (questChanges) {
    const payload = { goalId: quest.id, userId, title: quest.title, version: questVersion };
    events.push(
      questDone
        ? {
            name: 'goal.completed',
            payload: goalCompletedPayload(completed, {
              xpBonus: quest.completion_bonus,
              version: questVersion,
            }),
          }
        : { name: 'goal.reopened', payload },
    );
    xpDelta += questDone ? quest.completion_bonus : -quest.completion_bonus;
  }

  return {
    milestone: {
      id: milestone.id,
      isCompleted: completing,
      completedAt: completing ? now : null,
      xpAwarded,
      version: milestoneVersion,
    },
    quest: questChanges
      ? { id: quest.id, isCompleted: questDone, completedAt: questDone ? now : null, version: questVersion }
      : null,
    events,
    result: {
      milestone: {
        id: milestone.id,
        goal_id: quest.id,
        title: milestone.title,
        is_completed: completing,
        xp_reward: milestone.xp_reward,
        due_date: milestone.due_date,
      },
      goal: { id: quest.id, progress: progress.percent, is_completed: questDone },
      xpDelta,
    },
  };
}

/**
 * Sets a milestone done or open (PUT /api/milestones/{id}): the toggle's own decision when that changes
 * it, so the XP is exactly the toggle's; when the milestone already is so, nothing changes (no row, no
 * event, no XP) and the answer says where it stands.
 */
export function decideSet(read: ToggleRead, userId: string, completed: boolean): ToggleDecision | null {
  return read.milestone.is_completed === completed ? null : decideToggle(read, userId);
}

/** The answer to a set that changed nothing: the milestone and its quest as they are. */
export function unchangedResult(read: ToggleRead): ToggleDecision['result'] {
  const { quest, milestone } = read;
  return {
    milestone: {
      id: milestone.id,
      goal_id: quest.id,
      title: milestone.title,
      is_completed: milestone.is_completed,
      xp_reward: milestone.xp_reward,
      due_date: milestone.due_date,
    },
    goal: {
      id: quest.id,
      progress: questProgress(read.milestones).percent,
      is_completed: quest.is_completed,
    },
    xpDelta: 0,
  };
}
