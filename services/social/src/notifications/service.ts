import { AppError, type Queryable } from '@lifequest/platform';
import type {
  NotificationItem,
  NotificationKind,
  NotificationPage,
  NotificationsQuery,
} from '@lifequest/proto';

interface Row {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The bell: the hero's notifications newest first, how many are unread, and marking them read. */
export class NotificationService {
  readonly #db: Queryable;
  readonly #now: () => Date;

  constructor(db: Queryable, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  async page(userId: string, query: NotificationsQuery): Promise<NotificationPage> {
    // `before` is the last item seen: the next page starts after it in (created_at, id) order. An id
    // that is not one of the hero's pages from the top.
    const [cursor] = query.before
      ? await this.#db.query<{ created_at: Date | string; id: string }>(
          `select created_at, id from "social"."notifications" where id = $1::uuid and user_id = $2::uuid`,
          [query.before, userId],
        )
      : [];
    const rows = cursor
      ? await this.#db.query<Row>(
          `select id, kind, title, body, link, created_at, read_at from "social"."notifications"
            where user_id = $1::uuid and (created_at < $2::timestamptz or (created_at = $2::timestamptz and id < $3::uuid))
            order by created_at desc, id desc limit $4::int`,
          [userId, iso(cursor.created_at), cursor.id, query.limit],
        )
      : await this.#db.query<Row>(
          `select id, kind, title, body, link, created_at, read_at from "social"."notifications"
            where user_id = $1::uuid order by created_at desc, id desc limit $2::int`,
          [userId, query.limit],
        );
    const [count] = await this.#db.query<{ unread: number }>(
      `select count(*)::int as unread from "social"."notifications" where user_id = $1::uuid and read_at is null`,
      [userId],
    );
    return { items: rows.map(toItem), unread: count?.unread ?? 0 };
  }

  async read(userId: string, id: string): Promise<NotificationItem> {
    const [row] = await this.#db.query<Row>(
      `update "social"."notifications" set read_at = coalesce(read_at, $3::timestamptz)
        where id = $2::uuid and user_id = $1::uuid
        returning id, kind, title, body, link, created_at, read_at`,
      [userId, id, this.#now().toISOString()],
    );
    // Another hero's notification is not found, like one that does not exist.
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND', 'No such notification.');
    return toItem(row);
  }

  async readAll(userId: string): Promise<{ unread: number }> {
    await this.#db.query(
      `update "social"."notifications" set read_at = $2::timestamptz where user_id = $1::uuid and read_at is null`,
      [userId, this.#now().toISOString()],
    );
    return { unread: 0 };
  }
}

function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: iso(row.created_at),
    read_at: row.read_at === null ? null : iso(row.read_at),
  };
}
