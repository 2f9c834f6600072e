import { z } from 'zod';
import { LIFE_CLASSES } from '../rules/life-class.ts';

/**
 * One schema per event of the ownership table (docs/architecture.md#events). Payloads carry what
 * consumers need, so no consumer ever calls back for the basics. Unknown keys are stripped rather than
 * refused, so an older consumer keeps working when a producer adds a field.
 */
/**
 * Every id an event carries names a row, and every row's id is a UUID: an event with any other id is
 * refused when published and dead-lettered when consumed, so no consumer has to look at it twice.
 */
const id = z.uuid();
const title = z.string().min(1);
const timestamp = z.iso.datetime({ offset: true });
const xp = z.number().int().min(0);
const LifeClass = z.enum(LIFE_CLASSES);
/**
 * How many times a milestone or goal has changed state, counted by its owner. It lets the XP ledger
 * ignore a completion delivered after the reopening that followed it (redelivery can reorder events).
 */
const version = z.number().int().min(0).optional();

export const UserRegistered = z.object({
  userId: id,
  email: z.string().min(1),
  name: z.string(),
  primaryClass: LifeClass,
  activeClassTitle: z.string(),
  createdAt: timestamp,
  /** The hero's IANA time zone, when known: their streak's days are counted in it. */
  timezone: z.string().optional(),
});

export const UserUpdated = z.object({
  userId: id,
  name: z.string().optional(),
  primaryClass: LifeClass.optional(),
  activeClassTitle: z.string().optional(),
  /** False when the hero left the global rankings (PATCH /api/auth/me); absent: unchanged. */
  showInRankings: z.boolean().optional(),
  /** The hero's IANA time zone, when it changed (PATCH /api/auth/me). */
  timezone: z.string().optional(),
});

export const UserOnboarded = z.object({
  userId: id,
  name: z.string(),
  primaryClass: LifeClass,
  activeClassTitle: z.string(),
});

export const UserLeveledUp = z.object({
  userId: id,
  name: z.string(),
  activeClassTitle: z.string(),
  fromLevel: z.number().int().min(0),
  toLevel: z.number().int().min(0),
  totalXP: z.number().int(),
});

/**
 * A hero's XP totals after any change of their ledger (not only level-ups), so read models such as
 * social's rankings follow totalXP without calling auth. `xpVersion` is the number of lines in the
 * hero's ledger after the change: it only grows, so a consumer keeps the totals with the highest one
 * whatever order the events arrive in.
 */
export const UserXpChanged = z.object({
  userId: id,
  totalXP: z.number().int(),
  lifeLevel: z.number().int().min(1),
  xpVersion: z.number().int().min(0),
});

export const UserDeleted = z.object({ userId: id });

export const UserDeletionRequested = z.object({ userId: id, requestedBy: id });

/**
 * One holder of a hero's data (a service that purges on user.deleted, or the gateway for sessions) has
 * removed or anonymised all of it; published in the purge's own transaction. The admin service shows a
 * deletion as in progress until auth (user.deleted) and every holder have confirmed.
 */
export const UserPurged = z.object({ userId: id, service: z.string().min(1) });

export const GoalCreated = z.object({
  goalId: id,
  userId: id,
  title,
  foundation: z.string().nullable(),
  className: z.string().nullable(),
  category: z.string().nullable(),
  milestoneCount: z.number().int().min(0),
  totalXp: xp,
});

/** The quest's class (a life class, 'general' by default); social maps it to a challenge class. */
const goalClassName = z.string().optional();

export const GoalCompleted = z.object({
  goalId: id,
  userId: id,
  title,
  foundation: z.string().nullable(),
  className: goalClassName,
  xpBonus: xp,
  version,
});

export const GoalReopened = z.object({ goalId: id, userId: id, title, version });

export const GoalDeleted = z.object({ goalId: id, userId: id });

export const MilestoneCompleted = z.object({
  milestoneId: id,
  goalId: id,
  userId: id,
  title,
  goalTitle: title,
  xpReward: xp,
  /**
   * The plan's early_milestone bonus, when the milestone was completed before its due date: at most its
   * xpReward, and only what the quest's 1,000 XP leaves room for.
   */
  xpBonus: xp.optional(),
  version,
  /** The quest's class and foundation when the milestone was completed (social's challenge progress). */
  className: goalClassName,
  foundation: z.string().nullable().optional(),
});

export const MilestoneReopened = z.object({
  milestoneId: id,
  goalId: id,
  userId: id,
  title,
  /** The quest's title, for the XP history (optional: events recorded before it have none). */
  goalTitle: title.optional(),
  xpReward: xp,
  version,
});

export const ProgressLogged = z.object({
  progressId: id,
  goalId: id,
  userId: id,
  value: z.number(),
  unit: z.string().nullable(),
  loggedAt: timestamp,
  /** The quest's title, for the XP history (optional: events recorded before it have none). */
  goalTitle: title.optional(),
  /** The plan's logging_daily bonus, on the first entry of a UTC day for the goal (within its 1,000 XP). */
  xpBonus: xp.optional(),
});

export const PlanDrafted = z.object({ userId: id, draftId: id });

export const PlanConfirmed = z.object({
  userId: id,
  goalId: id,
  draftId: id.nullable(),
  /**
   * The plan re-planned an existing quest in place (docs/features/replan.md) rather than creating one:
   * no goal.created went with it, and the quest's XP did not change.
   */
  replanned: z.boolean().optional(),
});

export const FriendAdded = z.object({ userId: id, friendId: id, friendName: z.string() });

export const ChallengeJoined = z.object({ userId: id, challengeId: id, challengeTitle: title });

export const StoryGenerated = z.object({
  storyId: id,
  userId: id,
  narrativeType: z.string().min(1),
  title,
  /**
   * The quest a focused story tells of; null for an epic (the whole journey). Absent from older
   * producers: social then treats the story as the journey's.
   */
  goalId: id.nullable().optional(),
});

/**
 * A hero's streak reached 7, 30, 100 or 365 days for the first time: auth adds `xpBonus` to their
 * ledger. `version` counts the award's changes (reached, revoked, reached again) so the ledger settles
 * on the newest whatever order the two arrive in.
 */
export const StreakMilestoneReached = z.object({
  userId: id,
  days: z.number().int().min(1),
  xpBonus: xp,
  version: z.number().int().min(0),
});

/** The day that reached a streak milestone was taken back the same day: auth takes the bonus back. */
export const StreakMilestoneRevoked = z.object({
  userId: id,
  days: z.number().int().min(1),
  version: z.number().int().min(0),
});

/**
 * quests' weekly review found an open quest behind (its next milestone overdue, or the share of
 * milestones done trailing the share of its time gone by): social tells the hero. `week` is the
 * Monday (yyyy-mm-dd, the hero's zone) of the review.
 */
export const QuestAtRisk = z.object({
  userId: id,
  goalId: id,
  title,
  reason: z.string().min(1),
  week: z.iso.date(),
});

export const AiUsageRecorded = z.object({
  usageId: id,
  userId: id.nullable(),
  endpoint: z.string().min(1),
  model: z.string().min(1),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
  recordedAt: timestamp,
});

/** Every event LifeQuest publishes, by name. The name is also the RabbitMQ routing key. */
export const EVENT_SCHEMAS = {
  'user.registered': UserRegistered,
  'user.updated': UserUpdated,
  'user.onboarded': UserOnboarded,
  'user.leveled_up': UserLeveledUp,
  'user.xp_changed': UserXpChanged,
  'user.deleted': UserDeleted,
  'user.deletion_requested': UserDeletionRequested,
  'user.purged': UserPurged,
  'goal.created': GoalCreated,
  'goal.completed': GoalCompleted,
  'goal.reopened': GoalReopened,
  'goal.deleted': GoalDeleted,
  'milestone.completed': MilestoneCompleted,
  'milestone.reopened': MilestoneReopened,
  'progress.logged': ProgressLogged,
  'plan.drafted': PlanDrafted,
  'plan.confirmed': PlanConfirmed,
  'friend.added': FriendAdded,
  'challenge.joined': ChallengeJoined,
  'story.generated': StoryGenerated,
  'streak.milestone_reached': StreakMilestoneReached,
  'streak.milestone_revoked': StreakMilestoneRevoked,
  'quest.at_risk': QuestAtRisk,
  'ai.usage.recorded': AiUsageRecorded,
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export const EVENT_NAMES = Object.keys(EVENT_SCHEMAS) as EventName[];

export type EventPayloads = { [N in EventName]: z.output<(typeof EVENT_SCHEMAS)[N]> };

type Publisher = 'auth' | 'quests' | 'social' | 'ai' | 'admin' | 'gateway';

/** The one service allowed to publish each event (docs/architecture.md#events); user.purged: each holder. */
export const EVENT_PUBLISHERS: Readonly<Record<EventName, Publisher | readonly Publisher[]>> = {
  'user.registered': 'auth',
  'user.updated': 'auth',
  'user.onboarded': 'auth',
  'user.leveled_up': 'auth',
  'user.xp_changed': 'auth',
  'user.deleted': 'auth',
  'user.deletion_requested': 'admin',
  'user.purged': ['quests', 'social', 'ai', 'gateway'],
  'goal.created': 'quests',
  'goal.completed': 'quests',
  'goal.reopened': 'quests',
  'goal.deleted': 'quests',
  'milestone.completed': 'quests',
  'milestone.reopened': 'quests',
  'progress.logged': 'quests',
  'plan.drafted': 'ai',
  'plan.confirmed': 'quests',
  'friend.added': 'social',
  'challenge.joined': 'social',
  'story.generated': 'ai',
  'streak.milestone_reached': 'social',
  'streak.milestone_revoked': 'social',
  'quest.at_risk': 'quests',
  'ai.usage.recorded': 'ai',
};

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(EVENT_SCHEMAS, value);
}

/** Whether `service` may publish `name`: the unit of work refuses to emit an event another service owns. */
export function mayPublish(service: string, name: EventName): boolean {
  // One publisher per event today; the check also reads a list, should an event get several.
  const publishers = EVENT_PUBLISHERS[name] as string | readonly string[];
  return typeof publishers === 'string' ? publishers === service : publishers.includes(service);
}
