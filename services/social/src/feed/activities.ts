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
  /** When the event happened. */
  createdAt: Date;
}

/** Adds an activity to the hero's feed, once per source: a second event about the same thing adds none. */
export async function recordActivity(tx: SqlTx, activity: NewActivity): Promise<void> {
  await tx.$executeRawUnsafe(
    `insert into "social"."activities"
       (id, user_id, type, title, description, source_key, subject_user_id, created_at)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6, $7::uuid, $8::timestamptz)
     on conflict do nothing`,
    randomUUID(),
    activity.userId,
    activity.type,
    activity.title,
    activity.description,
    activity.sourceKey,
    activity.subjectUserId ?? null,
    activity.createdAt.toISOString(),
  );
}

/** Takes an activity back (a reopened milestone or quest), its likes with it. */
export async function retractActivity(tx: SqlTx, userId: string, sourceKey: string): Promise<void> {
  // Its likes go with it (activity_likes references it on delete cascade).
  await tx.$executeRawUnsafe(
    `delete from "social"."activities" where user_id = $1::uuid and source_key = $2`,
    userId,
    sourceKey,
  );
}

/** Everything of a deleted hero in the feed: their activities, those naming them, and their likes. */
export async function purgeFeed(tx: SocialTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    update "social"."activities" a set likes = a.likes - 1
    from "social"."activity_likes" l where l.activity_id = a.id and l.user_id = ${userId}::uuid`;
  await tx.activityLike.deleteMany({ where: { userId } });
  await tx.activity.deleteMany({ where: { OR: [{ userId }, { subjectUserId: userId }] } });
}
