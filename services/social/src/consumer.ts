// What social makes of the events it consumes. Each event is handled once (the platform's inbox row is
// written in the same transaction), so a redelivered event changes nothing.
//
// | event               | hero projection                 | feed activity (one per source and hero)         | challenges          |
// |---------------------|---------------------------------|-------------------------------------------------|---------------------|
// | user.registered     | e-mail, name, class             |                                                 |                     |
// | user.updated        | name, class                     |                                                 |                     |
// | user.onboarded      | name, class; on the rankings    |                                                 |                     |
// | user.leveled_up     | name, class                     | level_up, once per level reached                |                     |
// | user.xp_changed     | totalXP, lifeLevel              |                                                 |                     |
// | milestone.completed |                                 | milestone_reached                               | one step            |
// | milestone.reopened  |                                 | takes milestone_reached back                    | takes the step back |
// | goal.completed      |                                 | goal_completed                                  | one step            |
// | goal.reopened       |                                 | takes goal_completed back                       | takes the step back |
// | goal.deleted        |                                 | takes back all of the quest's activities        | takes its steps back|
// | story.generated     |                                 | achievement_unlocked, one per subject and day   |                     |
// | progress.logged     |                                 |                                                 |                     |
// | quest.at_risk       | a quest_at_risk notification, once per quest and week                                        |
// | user.deleted        | purges everything of the hero   |                                                 |                     |
//
// milestone.completed, goal.completed and progress.logged also make the hero's local day count towards
// their streak, and a reopening the same day takes it back (streaks/store.ts); a streak milestone reached
// is an achievement_unlocked activity and a streak.milestone_reached for auth's ledger.
//
// After purging a deleted hero, social confirms it to the admin with user.purged.
//
// friend_added and challenge_joined are social's own: the activity is written in the transaction that
// records friend.added (the accepting hero's) or challenge.joined.
//
// Taking back is one rule (feed/activities.ts TakenBack) for a reopened deed (its source key) and a
// deleted quest (every activity and step whose goal_id is the quest: milestones, completion, stories).
// A deleted quest is remembered (a source_versions row `goal-deleted:<id>`), so a completion or story of
// it delivered late brings nothing back.
//
// Milestone and quest events carry the item's version (its toggles so far): an event older than one
// already seen for the same item is ignored, so a completion delivered after its reopening changes
// nothing. Events about a deleted hero are ignored.
import { type Emit, purgeOnUserDeleted, type SqlTx } from '@lifequest/platform';
import type { ChallengeClass, EventEnvelope, EventName } from '@lifequest/proto';
import { challengeClassOf } from './challenges/class-of-quest.ts';
import { countStep, takeStepsBack } from './challenges/progress.ts';
import type { SocialEvents, SocialTx } from './db.ts';
import {
  type NewActivity,
  recordActivity,
  recordStory,
  retractActivities,
  type TakenBack,
} from './feed/activities.ts';
import { applyProfile, applyXp } from './heroes/projection.ts';
import { notify } from './notifications/store.ts';
import { isPurged, purgeHero } from './purge.ts';
import { countDeed, takeDeedBack } from './streaks/store.ts';

/** Who the hero is: through social's Prisma client. */
export const PROFILE_EVENTS = [
  'user.registered',
  'user.updated',
  'user.onboarded',
  'user.leveled_up',
] as const satisfies readonly EventName[];

/**
 * What the hero did: a milestone toggle brings milestone.* and user.xp_changed at once to auth, social
 * and admin, so these are a few SQL statements on the database's driver (no Prisma planning and mapping
 * on the two cores the toggle's path runs on).
 */
export const DEED_EVENTS = [
  'user.xp_changed',
  'milestone.completed',
  'milestone.reopened',
  'goal.completed',
  'goal.reopened',
  'goal.deleted',
  'story.generated',
  'progress.logged',
  'quest.at_risk',
] as const satisfies readonly EventName[];

export const CONSUMED = [
  ...PROFILE_EVENTS,
  ...DEED_EVENTS,
  'user.deleted',
] as const satisfies readonly EventName[];

type ProfileEvent = EventEnvelope<(typeof PROFILE_EVENTS)[number]>;
type DeedEvent = EventEnvelope<(typeof DEED_EVENTS)[number]>;

/** `afterPurge`: a deleted hero's copies outside the database, once the purge committed (the rankings'). */
export async function consumeEvents(
  events: SocialEvents,
  afterPurge?: (userId: string) => Promise<void>,
): Promise<void> {
  // One consumer (one queue, one inbox), two units of work: each event's inbox row and effect commit
  // together whichever it runs on.
  await events.subscribe('social', PROFILE_EVENTS, (event, tx) => reactToProfile(event, tx));
  await events.subscribeSql('social', DEED_EVENTS, (event, tx, emit) => reactToDeed(event, tx, emit));
  // The platform's purge confirms it to the admin with user.purged (docs/architecture.md#deletion).
  await purgeOnUserDeleted(events, 'social', purgeHero, { afterCommit: afterPurge });
}

export async function reactToProfile(event: ProfileEvent, tx: SocialTx): Promise<void> {
  const { userId } = event.payload;
  if (await isPurged(tx, userId)) return;
  if (event.name !== 'user.leveled_up') return applyProfile(tx, event);
  await applyProfile(tx, event);
  return recordActivity(tx, {
    userId,
    type: 'level_up',
    title: 'Level Up!',
    description: `Reached level ${event.payload.toLevel}`,
    sourceKey: `level:${event.payload.toLevel}`,
    createdAt: new Date(event.occurredAt),
  });
}

export async function reactToDeed(event: DeedEvent, tx: SqlTx, emit: Emit): Promise<void> {
  const { userId } = event.payload;
  if (await isPurged(tx, userId)) return;
  const at = new Date(event.occurredAt);
  switch (event.name) {
    case 'user.xp_changed':
      return applyXp(tx, event);
    case 'quest.at_risk':
      await notify(tx, {
        userId,
        kind: 'quest_at_risk',
        title: `“${event.payload.title}” is at risk`,
        body: event.payload.reason,
        link: '/pathfinder',
        sourceKey: `quest-risk:${event.payload.goalId}:${event.payload.week}`,
        at,
      });
      return;
    case 'progress.logged':
      return countDeed(tx, emit, userId, `progress:${event.payload.progressId}`, at);
    case 'milestone.completed':
      return completed(tx, emit, event.payload.version, {
        userId,
        type: 'milestone_reached',
        title: 'Milestone Reached',
        description: `Completed “${event.payload.title}” on the quest “${event.payload.goalTitle}”`,
        sourceKey: `milestone:${event.payload.milestoneId}`,
        createdAt: at,
        goalId: event.payload.goalId,
        className: challengeClassOf({ ...event.payload, title: event.payload.goalTitle }),
      });
    case 'goal.completed':
      return completed(tx, emit, event.payload.version, {
        userId,
        type: 'goal_completed',
        title: 'Quest Completed',
        description: `Completed the quest “${event.payload.title}”`,
        sourceKey: `goal:${event.payload.goalId}`,
        createdAt: at,
        goalId: event.payload.goalId,
        className: challengeClassOf(event.payload),
      });
    case 'milestone.reopened':
    case 'goal.reopened': {
      const key =
        event.name === 'milestone.reopened'
          ? `milestone:${event.payload.milestoneId}`
          : `goal:${event.payload.goalId}`;
      if (!(await isNewest(tx, userId, key, event.payload.version))) return;
      await takeDeedBack(tx, emit, userId, key, at);
      return takeBack(tx, userId, { sourceKey: key });
    }
    case 'goal.deleted': {
      const goalId = event.payload.goalId;
      if (!goalId) return;
      await markGoalDeleted(tx, userId, goalId);
      return takeBack(tx, userId, { goalId });
    }
    case 'story.generated': {
      const goalId = event.payload.goalId ?? null;
      if (goalId && (await isGoalDeleted(tx, userId, goalId))) return;
      return recordStory(tx, {
        userId,
        type: 'achievement_unlocked',
        title: 'Achievement Unlocked',
        description: `The Pathfinder wrote “${event.payload.title}”`,
        createdAt: at,
        goalId,
      });
    }
  }
}

/** Takes back what a reopened deed or a deleted quest gave: its feed activities and challenge steps. */
async function takeBack(tx: SqlTx, userId: string, what: TakenBack): Promise<void> {
  await retractActivities(tx, userId, what);
  await takeStepsBack(tx, userId, what);
}

const deletedGoalKey = (goalId: string) => `goal-deleted:${goalId}`;

async function markGoalDeleted(tx: SqlTx, userId: string, goalId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `insert into "social"."source_versions" (user_id, source_key, version)
     values ($1::uuid, $2, 0) on conflict do nothing`,
    userId,
    deletedGoalKey(goalId),
  );
}

async function isGoalDeleted(tx: SqlTx, userId: string, goalId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `select 1 from "social"."source_versions" where user_id = $1::uuid and source_key = $2`,
    userId,
    deletedGoalKey(goalId),
  );
  return rows.length > 0;
}

/** A milestone or quest completed: its activity, and a step in the hero's challenges of its class. */
async function completed(
  tx: SqlTx,
  emit: Emit,
  version: number | undefined,
  done: NewActivity & { className: ChallengeClass },
): Promise<void> {
  if (done.goalId && (await isGoalDeleted(tx, done.userId, done.goalId))) return;
  if (!(await isNewest(tx, done.userId, done.sourceKey, version))) return;
  const { className, ...activity } = done;
  await recordActivity(tx, activity);
  await countDeed(tx, emit, done.userId, done.sourceKey, done.createdAt);
  await countStep(tx, {
    userId: done.userId,
    className,
    sourceKey: done.sourceKey,
    occurredAt: done.createdAt,
    goalId: done.goalId ?? null,
  });
}

/**
 * Records `version` as the newest seen for the milestone or quest and says whether it is; an event
 * without a version (an older producer) always counts.
 */
async function isNewest(tx: SqlTx, userId: string, sourceKey: string, version: number | undefined) {
  if (version === undefined) return true;
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `insert into "social"."source_versions" as s (user_id, source_key, version)
     values ($1::uuid, $2, $3::int)
     on conflict (user_id, source_key) do update set version = excluded.version
     where s.version < excluded.version
     returning version`,
    userId,
    sourceKey,
    version,
  );
  return rows.length > 0;
}
