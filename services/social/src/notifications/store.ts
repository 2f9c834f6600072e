// The hero's notifications (docs/features/daily-loop.md#notifications): written in the unit of work of
// what they tell about (a friend request, a like, a scheduled check), once per source and hero, so a
// redelivered event or a job run twice adds none.
import { randomUUID } from 'node:crypto';
import type { SqlTx } from '@lifequest/platform';
import type { NotificationKind } from '@lifequest/proto';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the web app. */
  link: string;
  /** What it is about; one notification per source and hero. */
  sourceKey: string;
  /** The other hero it names, if any: it is purged with them. */
  subjectUserId?: string;
  at: Date;
}

/** Adds the notification unless the hero already has one about the same thing; true when added. */
export async function notify(tx: SqlTx, n: NewNotification): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `insert into "social"."notifications"
       (id, user_id, kind, title, body, link, source_key, created_at, subject_user_id)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8::timestamptz, $9::uuid)
     on conflict (user_id, source_key) do nothing
     returning 1`,
    randomUUID(),
    n.userId,
    n.kind,
    n.title,
    n.body,
    n.link,
    n.sourceKey,
    n.at.toISOString(),
    n.subjectUserId ?? null,
  );
  return rows.length > 0;
}

/** Takes back an unread notification whose cause went (a like taken back). */
export async function withdraw(tx: SqlTx, userId: string, sourceKey: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `delete from "social"."notifications" where user_id = $1::uuid and source_key = $2 and read_at is null`,
    userId,
    sourceKey,
  );
}
