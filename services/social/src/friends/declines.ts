import { AppError } from '@lifequest/platform';
import { formatDate } from '@lifequest/proto';
import type { SocialTx } from '../db.ts';

/** How long a declined friend request holds its asker back from asking the same hero again. */
export const DECLINE_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Until when `requesterId` may not ask `addresseeId` again, because the addressee declined their
 * request less than 7 days ago; null when nothing holds them back. A request the addressee sent them
 * after declining (they changed their mind) lifts the hold. Read under the pair's lock.
 */
export async function declinedUntil(
  tx: SocialTx,
  requesterId: string,
  addresseeId: string,
  now: Date,
): Promise<Date | null> {
  const declined = await tx.friendRequest.findFirst({
    where: {
      requesterId,
      addresseeId,
      status: 'rejected',
      answeredAt: { gt: new Date(now.getTime() - DECLINE_HOLD_MS) },
    },
    orderBy: { answeredAt: 'desc' },
    select: { answeredAt: true },
  });
  if (!declined?.answeredAt) return null;
  const askedSince = await tx.friendRequest.count({
    where: { requesterId: addresseeId, addresseeId: requesterId, createdAt: { gt: declined.answeredAt } },
  });
  return askedSince > 0 ? null : new Date(declined.answeredAt.getTime() + DECLINE_HOLD_MS);
}

/**
 * Names only what the asker knows already (the address they typed, that their request is no longer
 * waiting) and the day they may ask again, not when the other hero answered.
 */
export function requestDeclined(email: string, until: Date): AppError {
  return new AppError(
    'FRIEND_REQUEST_DECLINED',
    `${email} declined your friend request recently; you can ask again after ${formatDate(until)} (UTC).`,
  );
}
