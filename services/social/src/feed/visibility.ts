import type { SocialTx } from '../db.ts';

/** Whether `viewerId` may see what `ownerId` does: it is themself, or a friend. */
export async function canSee(tx: Pick<SocialTx, 'friendship'>, viewerId: string, ownerId: string) {
  if (viewerId === ownerId) return true;
  const friendship = await tx.friendship.findUnique({
    where: { userId_friendId: { userId: viewerId, friendId: ownerId } },
    select: { userId: true },
  });
  return friendship !== null;
}
