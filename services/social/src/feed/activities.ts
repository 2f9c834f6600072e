import { randomUUID } from 'node:crypto';
import type { SqlTx } from '@lifequest/platform';
import type { ActivityType } from '@lifequest/proto';
import type { SocialTx } from '../db.ts';

export interface NewActivity {
  userId: string;
  type: ActivityType;
  title: string;
  description: string;
  /** What the activity is made from; a hero has one activity per source (see consumer.ts). */
  sourceKey: string;
  /** Another hero the activity names. */
  subjectUserId?: string;
  /** The quest it came from: deleting the quest takes it back. */
  goalId?: string | null;
  /** When the event happened. */
  createdAt: Date;
}

/** Adds an activity to the hero's feed, once per source: a second event about the same thing adds none. */
export async function recordActivity(tx: SqlTx, activity: NewActivity): Promise<void> {
  await tx.$executeRawUnsafe(
    `insert into "social"."activities"
       (id, user_id, type, title, description, source_key, subject_user_id, created_at, goal_id)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6, $7::uuid, $8::timestamptz, $9::uuid)
     on conflict do nothing`,
    randomUUID(),
    activity.userId,
    activity.type,
    activity.title,
    activity.description,
    activity.sourceKey,
    activity.subjectUserId ?? null,
    activity.createdAt.toISOString(),
    activity.goalId ?? null,
  );
}

/**
 * What a hero takes back: one deed (a reopened milestone or quest, by its source key) or everything made
 * from a quest (a deleted quest: its milestones, its completion, its stories). The feed and the
 * challenges (progress.ts) take back the same things by the same rule.
 */
export type TakenBack = { sourceKey: string } | { goalId: string };

/** The SQL condition for `what` on a table with user_id, source_key and goal_id, from parameter $2. */
export function takenBackWhere(what: TakenBack): { where: string; value: string } {
  return 'sourceKey' in what
    ? { where: 'source_key = $2', value: what.sourceKey }
    : { where: 'goal_id = $2::uuid', value: what.goalId };
}

/** Takes activities back, their likes with them (activity_likes references them on delete cascade). */
export async function retractActivities(tx: SqlTx, userId: string, what: TakenBack): Promise<void> {
  const { where, value } = takenBackWhere(what);
  await tx.$executeRawUnsafe(
    `delete from "social"."activities" where user_id = $1::uuid and ${where}`,
    userId,
    value,
  );
}

/**
 * A story in the feed: one entry per hero, subject (a quest, or the whole journey) and UTC day. A newer
 * story of the same subject that day replaces the entry (and its likes: they were for the older story);
 * an older one delivered late changes nothing.
 */
export async function recordStory(
  tx: SqlTx,
  story: Omit<NewActivity, 'sourceKey'> & { goalId: string | null },
): Promise<void> {
  const day = story.createdAt.toISOString().slice(0, 10);
  const sourceKey = `story:${story.goalId ?? 'journey'}:${day}`;
  // Two stories of one subject handled at once (two consumers) take turns, so the newer one wins.
  await tx.$executeRawUnsafe(
    `select pg_advisory_xact_lock(hashtextextended($1, 0))`,
    `social.story.${story.userId}.${sourceKey}`,
  );
  await tx.$executeRawUnsafe(
    `delete from "social"."activities"
      where user_id = $1::uuid and source_key = $2 and created_at <= $3::timestamptz`,
    story.userId,
    sourceKey,
    story.createdAt.toISOString(),
  );
  await recordActivity(tx, { ...story, sourceKey });
}

/** Everything of a deleted hero in the feed: their activities, those naming them, and their likes. */
export async function purgeFeed(tx: SocialTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    update "social"."activities" a set likes = a.likes - 1
    from "social"."activity_likes" l where l.activity_id = a.id and l.user_id = ${userId}::uuid`;
  await tx.activityLike.deleteMany({ where: { userId } });
  await tx.activity.deleteMany({ where: { OR: [{ userId }, { subjectUserId: userId }] } });
}
