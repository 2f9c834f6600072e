import { AppError, type Queryable } from '@lifequest/platform';
import type { ActivityType, Feed, FeedQuery, LikeResult } from '@lifequest/proto';
import type { SocialDb, SocialEvents, SocialTx } from '../db.ts';
import { heroSummary } from '../heroes/projection.ts';
import { notify, withdraw } from '../notifications/store.ts';
import { canSee } from './visibility.ts';

interface FeedRow {
  id: string;
  type: ActivityType;
  title: string;
  description: string;
  created_at: Date;
  likes: number;
  has_liked: boolean;
  user_id: string;
  name: string | null;
  active_class_title: string | null;
}

export class FeedService {
  readonly #db: SocialDb;
  readonly #events: SocialEvents;
  readonly #reads: Queryable;

  /** `reads` is the same database through its driver, for the page's polled read. */
  readonly #now: () => Date;

  constructor(db: SocialDb, events: SocialEvents, reads: Queryable, now: () => Date = () => new Date()) {
    this.#now = now;
    this.#db = db;
    this.#events = events;
    this.#reads = reads;
  }

  /**
   * The hero's own and their friends' activities, newest first. Each visible hero's newest activities
   * are read from the (user_id, created_at, id) index and only then merged, so a page costs one short
   * index read per friend, however long anyone's history is.
   */
  async feed(userId: string, query: FeedQuery): Promise<Feed> {
    const params: unknown[] = [userId, query.limit];
    let after = '';
    if (query.before) {
      const cursor = await this.#db.activity.findUnique({
        where: { id: query.before },
        select: { userId: true, createdAt: true, id: true },
      });
      if (!cursor || !(await canSee(this.#db, userId, cursor.userId))) throw notFound();
      params.push(cursor.createdAt, cursor.id);
      after = 'and (a.created_at, a.id) < ($3::timestamptz, $4::uuid)';
    }
    // Polled every 15 s by every open Fellowship Hall: read through the driver, not Prisma's $queryRaw,
    // which cost more CPU than the query itself under load.
    const rows = await this.#reads.query<FeedRow>(
      `select a.id, a.user_id, a.type, a.title, a.description, a.created_at, a.likes,
              exists (select 1 from "social"."activity_likes" l
                      where l.activity_id = a.id and l.user_id = $1::uuid) as has_liked,
              h.name, h.active_class_title
         from (select $1::uuid as user_id
               union all
               select f.friend_id from "social"."friendships" f where f.user_id = $1::uuid) v
        cross join lateral (
          select * from "social"."activities" a
           where a.user_id = v.user_id ${after}
           order by a.created_at desc, a.id desc
           limit $2
        ) a
        left join "social"."heroes" h on h.id = a.user_id
        order by a.created_at desc, a.id desc
        limit $2`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      description: row.description,
      createdAt: row.created_at.toISOString(),
      likes: row.likes,
      hasLiked: row.has_liked,
      user: heroSummary(row),
      isOwn: row.user_id === userId,
    }));
  }

  /**
   * Likes an activity the hero may see, or takes the like back when they already like it: the button
   * toggles. Anyone else's activity is not found (404, never 403).
   */
  async toggleLike(userId: string, activityId: string): Promise<LikeResult> {
    return this.#events.transaction(async (tx) => {
      // Locked, so two quick taps are applied one after the other and the count stays true.
      const [activity] = await tx.$queryRaw<{ user_id: string; title: string }[]>`
        select user_id, title from "social"."activities" where id = ${activityId}::uuid for update`;
      if (!activity || !(await canSee(tx, userId, activity.user_id))) throw notFound();
      const removed = await tx.activityLike.deleteMany({ where: { activityId, userId } });
      const liked = removed.count === 0;
      if (liked) await tx.activityLike.create({ data: { activityId, userId } });
      await this.#tellOwner(tx, activity, activityId, userId, liked);
      const updated = await tx.activity.update({
        where: { id: activityId },
        data: { likes: { increment: liked ? 1 : -1 } },
        select: { likes: true },
      });
      return { liked, likes: updated.likes };
    });
  }

  /**
   * A hero removes one of their own entries from the Hall (its likes go with it). Anyone else's entry,
   * even one they can see, is not found.
   */
  async remove(userId: string, activityId: string): Promise<void> {
    const removed = await this.#db.activity.deleteMany({ where: { id: activityId, userId } });
    if (removed.count === 0) throw notFound();
  }

  /** A like tells the activity's owner (not a hero liking their own); taking it back takes that back. */
  async #tellOwner(
    tx: SocialTx,
    activity: { user_id: string; title: string },
    activityId: string,
    likerId: string,
    liked: boolean,
  ): Promise<void> {
    if (activity.user_id === likerId) return;
    const sourceKey = `like:${activityId}:${likerId}`;
    if (!liked) return withdraw(tx, activity.user_id, sourceKey);
    const liker = await tx.hero.findUnique({ where: { id: likerId }, select: { name: true } });
    await notify(tx, {
      userId: activity.user_id,
      kind: 'like',
      title: 'New like',
      body: `${liker?.name || heroSummary(null).name} liked “${activity.title}”.`,
      link: '/social',
      sourceKey,
      subjectUserId: likerId,
      at: this.#now(),
    });
  }
}

function notFound(): AppError {
  return new AppError('ACTIVITY_NOT_FOUND', 'No such activity in your feed.');
}
