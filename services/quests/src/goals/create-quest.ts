import type { Emit } from '@lifequest/platform';
import {
  type CompletedQuest,
  type EventEnvelope,
  goalCompletedPayload,
  milestoneCompletedPayload,
} from '@lifequest/proto';
import type { QuestsTx } from '../db.ts';
import type { Goal, Milestone } from '../generated/prisma/client.ts';
import type { PlannedMilestone } from './milestone-plan.ts';
import { dateColumn } from './wire.ts';

export type QuestSource = 'manual' | 'chat' | 'plan' | 'onboarding';

/** Everything a new quest needs, already validated and planned. */
export interface NewQuest {
  userId: string;
  title: string;
  description?: string | null;
  deadline: string | null;
  className: string;
  source: QuestSource;
  category?: string | null;
  difficulty?: string | null;
  unit?: string | null;
  targetValue?: number | null;
  completionBonusXp?: number;
  earlyMilestoneBonusXp?: number;
  loggingDailyBonusXp?: number;
  habits?: string[];
  /** A confirmed plan's key (draft id or plan hash), unique per hero. */
  confirmationKey?: string | null;
  milestones: PlannedMilestone[];
  /** When it is made, by the service's clock: the completion time of what is created already complete. */
  now: Date;
}

export interface CreatedQuest {
  goal: Goal;
  milestones: Milestone[];
  /** Ids of the XP events recorded (milestones created already complete). */
  xpEventIds: string[];
}

/**
 * Inserts a quest and its milestones and records goal.created, inside the caller's transaction. A
 * milestone created already complete (the onboarding chat can say so) earns its XP like any other:
 * it is recorded as completed, and a quest created with every milestone done is completed too.
 */
export async function insertQuest(tx: QuestsTx, emit: Emit, quest: NewQuest): Promise<CreatedQuest> {
  const milestoneXp = quest.milestones.reduce((sum, m) => sum + m.xpReward, 0);
  const completionBonusXp = quest.completionBonusXp ?? 0;
  const allDone = quest.milestones.length > 0 && quest.milestones.every((m) => m.isCompleted);
  const { now } = quest;
  const goal = await tx.goal.create({
    data: {
      userId: quest.userId,
      title: quest.title,
      description: quest.description ?? null,
      deadline: dateColumn(quest.deadline),
      className: quest.className,
      source: quest.source,
      category: quest.category ?? null,
      difficulty: quest.difficulty ?? null,
      unit: quest.unit ?? null,
      targetValue: quest.targetValue ?? null,
      totalXp: milestoneXp + completionBonusXp,
      completionBonusXp,
      earlyMilestoneBonusXp: quest.earlyMilestoneBonusXp ?? 0,
      loggingDailyBonusXp: quest.loggingDailyBonusXp ?? 0,
      habits: quest.habits ?? [],
      confirmationKey: quest.confirmationKey ?? null,
      isCompleted: allDone,
      completedAt: allDone ? now : null,
      version: allDone ? 1 : 0,
    },
  });
  const milestones: Milestone[] = [];
  for (const [position, m] of quest.milestones.entries()) {
    milestones.push(
      await tx.milestone.create({
        data: {
          goalId: goal.id,
          userId: quest.userId,
          title: m.title,
          position,
          dueDate: dateColumn(m.dueDate),
          xpReward: m.xpReward,
          isCompleted: m.isCompleted ?? false,
          completedAt: m.isCompleted ? now : null,
          xpAwarded: m.isCompleted ? m.xpReward : 0,
          version: m.isCompleted ? 1 : 0,
        },
      }),
    );
  }

  await emit(
    'goal.created',
    {
      goalId: goal.id,
      userId: goal.userId,
      title: goal.title,
      foundation: goal.foundation,
      className: goal.className,
      category: goal.category,
      milestoneCount: milestones.length,
      totalXp: goal.totalXp,
    },
    quest.userId,
  );
  const xpEvents: EventEnvelope[] = [];
  const completed: CompletedQuest = {
    goalId: goal.id,
    userId: goal.userId,
    title: goal.title,
    className: goal.className,
    foundation: goal.foundation,
  };
  for (const m of milestones.filter((milestone) => milestone.isCompleted)) {
    xpEvents.push(
      await emit(
        'milestone.completed',
        milestoneCompletedPayload(
          completed,
          { milestoneId: m.id, title: m.title, xpReward: m.xpReward, version: m.version },
          0,
        ),
        quest.userId,
      ),
    );
  }
  if (allDone) {
    xpEvents.push(
      await emit(
        'goal.completed',
        goalCompletedPayload(completed, { xpBonus: goal.completionBonusXp, version: goal.version }),
        quest.userId,
      ),
    );
  }
  return { goal, milestones, xpEventIds: xpEvents.map((e) => e.id) };
}
