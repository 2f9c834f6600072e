import type { Emit } from '@lifequest/platform';
import { AppError } from '@lifequest/platform';
import {
  type BlockedHero,
  type Friend,
  type FriendRequest,
  type FriendRequestAction,
  type FriendRequestAnswer,
  type FriendRequestResult,
  localDay,
  sharedStreak,
} from '@lifequest/proto';
import type { SocialDb, SocialEvents, SocialTx } from '../db.ts';
import { recordActivity } from '../feed/activities.ts';
import { heroSummary } from '../heroes/projection.ts';
import { notify } from '../notifications/store.ts';
import { heroZone } from '../streaks/store.ts';
import { declinedUntil, requestDeclined } from './declines.ts';
import { FRIEND_REQUEST_QUOTA, type RequestQuota, takeFriendRequestQuota } from './rate-limit.ts';

export interface FriendServiceOptions {
  quota?: RequestQuota;
  now?: () => Date;
}

export class FriendService {
  readonly #db: SocialDb;
  readonly #events: SocialEvents;
  readonly #quota: RequestQuota;
  readonly #now: () => Date;

  constructor(db: SocialDb, events: SocialEvents, options: FriendServiceOptions = {}) {
    this.#db = db;
    this.#events = events;
    this.#quota = options.quota ?? FRIEND_REQUEST_QUOTA;
    this.#now = options.now ?? (() => new Date());
  }

  async list(userId: string): Promise<Friend[]> {
    const rows = await this.#db.$queryRaw<
      {
        id: string;
        name: string | null;
        active_class_title: string | null;
        life_level: number | null;
        total_xp: number | null;
      }[]
    >`
      select f.friend_id as id, h.name, h.active_class_title, h.life_level, h.total_xp
      from "social"."friendships" f left join "social"."heroes" h on h.id = f.friend_id
      where f.user_id = ${userId}::uuid
      order by lower(h.name), f.friend_id`;
    const streaks = await this.#friendStreaks(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      ...heroSummary(row),
      lifeLevel: row.life_level ?? 1,
      totalXP: row.total_xp ?? 0,
      friend_streak: streaks.get(row.id) ?? 0,
    }));
  }

  /**
   * The streak each friend shares with the hero: the days in a row both counted, up to today in the
   * hero's zone (each hero's days are their own local dates; docs/features/daily-loop.md#friend-streaks).
   */
  async #friendStreaks(userId: string, friendIds: readonly string[]): Promise<Map<string, number>> {
    if (friendIds.length === 0) return new Map();
    const rows = await this.#db.$queryRawUnsafe<{ user_id: string; days: string[] }[]>(
      `select user_id, array_agg(distinct day::text) as days from "social"."streak_days"
        where user_id = any($1::uuid[]) group by user_id`,
      [userId, ...friendIds],
    );
    const days = new Map(rows.map((row) => [row.user_id, row.days]));
    const mine = days.get(userId) ?? [];
    const today = localDay(this.#now(), await heroZone(this.#db, userId));
    return new Map(friendIds.map((id) => [id, sharedStreak(mine, days.get(id) ?? [], today)]));
  }

  /**
   * Asks the hero with that e-mail to be friends. A request crossing theirs (they already asked this
   * hero) is their request accepted: the two become friends at once. After they declined this hero's
   * request, asking them again waits 7 days (unless they have asked this hero since).
   */
  async request(userId: string, ownEmail: string, email: string): Promise<FriendRequestResult> {
    await takeFriendRequestQuota(this.#db, userId, this.#quota, this.#now());
    if (email === ownEmail.trim().toLowerCase()) throw toSelf();
    return this.#events.transaction(async (tx, emit) => {
      const other = await tx.hero.findUnique({ where: { email }, select: { id: true } });
      const unknown = new AppError('FRIEND_NOT_FOUND', `No hero has the e-mail ${email}.`);
      if (!other) throw unknown;
      if (other.id === userId) throw toSelf();
      await lockPair(tx, userId, other.id);
      // Between two heroes one of whom blocked the other, the address answers as an unknown one would:
      // the blocked hero learns nothing, and the blocker unblocks first.
      if (await isBlocked(tx, userId, other.id)) throw unknown;
      if (await this.#areFriends(tx, userId, other.id)) {
        throw new AppError('ALREADY_FRIENDS', 'You are already friends.');
      }
      const pending = await tx.friendRequest.findMany({
        where: {
          status: 'pending',
          OR: [
            { requesterId: userId, addresseeId: other.id },
            { requesterId: other.id, addresseeId: userId },
          ],
        },
      });
      if (pending.some((r) => r.requesterId === userId)) {
        throw new AppError('FRIEND_REQUEST_PENDING', 'Your friend request is already waiting for an answer.');
      }
      const theirs = pending[0];
      if (theirs) {
        await this.#befriend(tx, emit, userId, other.id);
        return { status: 'accepted' as const, requestId: theirs.id };
      }
      const now = this.#now();
      const heldUntil = await declinedUntil(tx, userId, other.id, now);
      if (heldUntil) throw requestDeclined(email, heldUntil);
      const created = await tx.friendRequest.create({
        data: { requesterId: userId, addresseeId: other.id, createdAt: now },
      });
      const asker = await tx.hero.findUnique({ where: { id: userId }, select: { name: true } });
      await notify(tx, {
        userId: other.id,
        kind: 'friend_request',
        title: 'New friend request',
        body: `${asker?.name || heroSummary(null).name} wants to be your friend.`,
        link: '/social?tab=requests',
        sourceKey: `friend-request:${created.id}`,
        subjectUserId: userId,
        at: now,
      });
      return { status: 'pending' as const, requestId: created.id };
    });
  }

  /** Requests waiting for this hero's answer, newest first. */
  async incoming(userId: string): Promise<FriendRequest[]> {
    const rows = await this.#db.$queryRaw<
      {
        id: string;
        created_at: Date;
        name: string | null;
        active_class_title: string | null;
        email: string | null;
      }[]
    >`
      select r.id, r.created_at, h.name, h.active_class_title, h.email
      from "social"."friend_requests" r left join "social"."heroes" h on h.id = r.requester_id
      where r.addressee_id = ${userId}::uuid and r.status = 'pending'
      order by r.created_at desc, r.id desc
      limit 200`;
    return rows.map((row) => ({
      id: row.id,
      requester: { ...heroSummary(row), email_hint: maskEmail(row.email) },
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * Accepts or rejects a request addressed to this hero. Answering again the same way is harmless (a
   * retried click); a request of someone else, or one already answered the other way, is not found.
   */
  async answer(
    userId: string,
    requestId: string,
    action: FriendRequestAction['action'],
  ): Promise<FriendRequestAnswer> {
    const status = action === 'accept' ? 'accepted' : 'rejected';
    return this.#events.transaction(async (tx, emit) => {
      const found = await tx.friendRequest.findFirst({ where: { id: requestId, addresseeId: userId } });
      if (!found) throw requestNotFound();
      await lockPair(tx, userId, found.requesterId);
      const request = await tx.friendRequest.findUniqueOrThrow({ where: { id: requestId } });
      if (request.status === status) return { status };
      if (request.status !== 'pending') throw requestNotFound('This friend request was already answered.');
      if (status === 'accepted') await this.#befriend(tx, emit, userId, request.requesterId);
      else
        await tx.friendRequest.update({
          where: { id: requestId },
          data: { status, answeredAt: this.#now() },
        });
      return { status };
    });
  }

  /**
   * Ends a friendship, both ways: each leaves the other's list and feed, and the friend_added entries
   * that named it go. A hero who is not a friend is not found.
   */
  async unfriend(userId: string, friendId: string): Promise<void> {
    await this.#events.transaction(async (tx) => {
      await lockPair(tx, userId, friendId);
      if (!(await this.#areFriends(tx, userId, friendId))) throw friendNotFound();
      await separate(tx, userId, friendId);
    });
  }

  /**
   * Blocks a hero (one known to social: from the friends list or a ranking). Blocking unfriends, drops
   * the requests between them, each one's likes on the other's entries and the notifications naming
   * the other; from then on neither sees the other in the feed, likes or rankings, and a request between
   * them answers as an unknown address.
   * Blocking again is harmless.
   */
  async block(userId: string, blockedId: string): Promise<void> {
    if (blockedId === userId) throw new AppError('BLOCK_SELF', 'You cannot block yourself.');
    await this.#events.transaction(async (tx) => {
      const known = await tx.hero.findUnique({ where: { id: blockedId }, select: { id: true } });
      if (!known) throw new AppError('USER_NOT_FOUND', 'No such hero.');
      await lockPair(tx, userId, blockedId);
      await tx.block.createMany({
        data: [{ userId, blockedId, createdAt: this.#now() }],
        skipDuplicates: true,
      });
      await separate(tx, userId, blockedId);
      await tx.friendRequest.deleteMany({
        where: {
          status: 'pending',
          OR: [
            { requesterId: userId, addresseeId: blockedId },
            { requesterId: blockedId, addresseeId: userId },
          ],
        },
      });
      await dropLikesBetween(tx, userId, blockedId);
      // What each one's bell says of the other (a like, a request, an acceptance) goes with them.
      await tx.$executeRaw`
        delete from "social"."notifications"
         where (user_id = ${userId}::uuid and subject_user_id = ${blockedId}::uuid)
            or (user_id = ${blockedId}::uuid and subject_user_id = ${userId}::uuid)`;
    });
  }

  async unblock(userId: string, blockedId: string): Promise<void> {
    const removed = await this.#db.block.deleteMany({ where: { userId, blockedId } });
    if (removed.count === 0) throw new AppError('BLOCK_NOT_FOUND', 'You have not blocked this hero.');
  }

  /** The heroes this hero has blocked, newest first. */
  async blocks(userId: string): Promise<BlockedHero[]> {
    const rows = await this.#db.$queryRaw<
      { id: string; created_at: Date; name: string | null; active_class_title: string | null }[]
    >`
      select b.blocked_id as id, b.created_at, h.name, h.active_class_title
      from "social"."blocks" b left join "social"."heroes" h on h.id = b.blocked_id
      where b.user_id = ${userId}::uuid
      order by b.created_at desc, b.blocked_id
      limit 500`;
    return rows.map((row) => ({ id: row.id, ...heroSummary(row), blockedAt: row.created_at.toISOString() }));
  }

  async #areFriends(tx: SocialTx, a: string, b: string): Promise<boolean> {
    const row = await tx.friendship.findUnique({ where: { userId_friendId: { userId: a, friendId: b } } });
    return row !== null;
  }

  /**
   * Makes two heroes friends (both rows at once, so each sees the other straight away), answers every
   * request pending between them, and announces it: friend.added and a friend_added activity of the
   * hero who accepted.
   */
  async #befriend(tx: SocialTx, emit: Emit, accepterId: string, requesterId: string): Promise<void> {
    const now = this.#now();
    await tx.friendship.createMany({
      data: [
        { userId: accepterId, friendId: requesterId, createdAt: now },
        { userId: requesterId, friendId: accepterId, createdAt: now },
      ],
      skipDuplicates: true,
    });
    await tx.friendRequest.updateMany({
      where: {
        status: 'pending',
        OR: [
          { requesterId, addresseeId: accepterId },
          { requesterId: accepterId, addresseeId: requesterId },
        ],
      },
      data: { status: 'accepted', answeredAt: now },
    });
    const friend = await tx.hero.findUnique({ where: { id: requesterId }, select: { name: true } });
    const friendName = friend?.name || heroSummary(null).name;
    const accepter = await tx.hero.findUnique({ where: { id: accepterId }, select: { name: true } });
    await notify(tx, {
      userId: requesterId,
      kind: 'friend_accepted',
      title: 'Friend request accepted',
      body: `${accepter?.name || heroSummary(null).name} is now your friend.`,
      link: '/social?tab=friends',
      sourceKey: `friend-accepted:${accepterId}`,
      subjectUserId: accepterId,
      at: now,
    });
    await emit('friend.added', { userId: accepterId, friendId: requesterId, friendName }, accepterId);
    await recordActivity(tx, {
      userId: accepterId,
      type: 'friend_added',
      title: 'New Friend',
      description: `Became friends with ${friendName}`,
      sourceKey: `friend:${requesterId}`,
      subjectUserId: requesterId,
      createdAt: now,
    });
  }
}

/** One change between two heroes at a time, whichever of them acts: crossing requests cannot both land. */
async function lockPair(tx: SocialTx, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`social.friends.${key}`}, 0))`;
}

/** Whether either of two heroes has blocked the other. */
export async function isBlocked(tx: SocialTx, a: string, b: string): Promise<boolean> {
  const found = await tx.block.findFirst({
    where: {
      OR: [
        { userId: a, blockedId: b },
        { userId: b, blockedId: a },
      ],
    },
    select: { userId: true },
  });
  return found !== null;
}

/** Two heroes are no longer friends: both rows, and the friend_added entries naming the friendship. */
async function separate(tx: SocialTx, a: string, b: string): Promise<void> {
  await tx.friendship.deleteMany({
    where: {
      OR: [
        { userId: a, friendId: b },
        { userId: b, friendId: a },
      ],
    },
  });
  await tx.activity.deleteMany({
    where: {
      type: 'friend_added',
      OR: [
        { userId: a, subjectUserId: b },
        { userId: b, subjectUserId: a },
      ],
    },
  });
}

/** Each hero's likes on the other's entries, with the counts they added to. */
async function dropLikesBetween(tx: SocialTx, a: string, b: string): Promise<void> {
  await tx.$executeRaw`
    with gone as (
      delete from "social"."activity_likes" l
       using "social"."activities" x
       where l.activity_id = x.id
         and ((l.user_id = ${a}::uuid and x.user_id = ${b}::uuid)
           or (l.user_id = ${b}::uuid and x.user_id = ${a}::uuid))
      returning l.activity_id)
    update "social"."activities" a set likes = a.likes - n.count
      from (select activity_id, count(*)::int as count from gone group by activity_id) n
     where a.id = n.activity_id`;
}

/**
 * An address shown under a requester's name: the first and last letters of its local part and the
 * whole domain (`w***n@example.com`), enough to tell a friend from someone borrowing their name.
 */
export function maskEmail(email: string | null): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = [...email.slice(0, at)];
  const domain = email.slice(at + 1);
  const last = local.length > 1 ? local[local.length - 1] : '';
  return `${local[0]}***${last}@${domain}`;
}

function friendNotFound(): AppError {
  return new AppError('FRIEND_NOT_FOUND', 'No such friend.');
}

function toSelf(): AppError {
  return new AppError('FRIEND_REQUEST_TO_SELF', 'You cannot send a friend request to yourself.');
}

function requestNotFound(message = 'No such friend request.'): AppError {
  return new AppError('FRIEND_REQUEST_NOT_FOUND', message);
}
