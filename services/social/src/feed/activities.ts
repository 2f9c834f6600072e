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
export async function recordActivity(tx: SocialTx, activity: NewActivity): Promise<void> {
  await tx.activity.createMany({ data: [activity], skipDuplicates: true });
}

/** Takes an activity back (a reopened milestone or quest), its likes with it. */
export async function retractActivity(tx: SocialTx, userId: string, sourceKey: string): Promise<void> {
  await tx.activity.deleteMany({ where: { userId, sourceKey } });
}

/** Everything of a deleted hero in the feed: their activities, those naming them, and their likes. */
export async function purgeFeed(tx: SocialTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    update "social"."activities" a set likes = a.likes - 1
    from "social"."activity_likes" l where l.activity_id = a.id and l.user_id = ${userId}::uuid`;
  await tx.activityLike.deleteMany({ where: { userId } });
  await tx.activity.deleteMany({ where: { OR: [{ userId }, { subjectUserId: userId }] } });
}
