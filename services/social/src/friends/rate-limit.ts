import { AppError } from '@lifequest/platform';
import type { SocialDb } from '../db.ts';

export interface RequestQuota {
  /** Friend requests a hero may send per window; every attempt counts, found or not. */
  limit: number;
  windowMs: number;
}

/**
 * 20 friend requests an hour: plenty for a hero, and it slows anyone asking which addresses have an
 * account (a 404 names an unknown address). It cannot stop them: registering is free, and answers
 * EMAIL_TAKEN itself, bounded only per client (docs/product.md#friends).
 */
export const FRIEND_REQUEST_QUOTA: RequestQuota = { limit: 20, windowMs: 60 * 60 * 1000 };

/** Its Retry-After header is set by the platform's error handler, as for every AppError that has one. */
export class RateLimited extends AppError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'RATE_LIMITED',
      `You have sent too many friend requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds },
    );
  }
}

/**
 * Counts one friend request of the hero in the current fixed window (kept in the database, so every
 * replica of social shares it) and refuses it past the limit. It commits on its own, before the request
 * is looked at, so failed attempts count too.
 */
export async function takeFriendRequestQuota(
  db: SocialDb,
  userId: string,
  quota: RequestQuota,
  now: Date,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / quota.windowMs) * quota.windowMs);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    insert into "social"."friend_request_quota" as q (user_id, window_start, count)
    values (${userId}::uuid, ${windowStart}::timestamptz, 1)
    on conflict (user_id) do update set
      count = case when q.window_start = excluded.window_start then q.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`;
  if ((row?.count ?? 0) > quota.limit) {
    const endsAt = windowStart.getTime() + quota.windowMs;
    throw new RateLimited(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
}
