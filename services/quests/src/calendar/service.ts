// The hero's calendar feed (docs/features/daily-loop.md#calendar-feed): one all-day event per open
// quest's deadline and per open milestone's due date, read by a calendar app that holds the address.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, SECRET_PATH_PREFIX } from '@lifequest/platform';
import ical from 'ical-generator';
import type { QuestsDb } from '../db.ts';

/** Where the feed is served; the token (and `.ics`) follow. */
export const FEED_PATH = '/api/calendar/feed/';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface FeedRow {
  kind: 'quest' | 'milestone';
  id: string;
  title: string;
  quest_title: string;
  day: string;
  sequence: number;
  modified: Date | string;
}

export class CalendarService {
  readonly #db: QuestsDb;

  constructor(db: QuestsDb) {
    this.#db = db;
  }

  /** The hero's feed token, made on first ask. */
  async token(userId: string): Promise<string> {
    const existing = await this.#db.calendarFeed.findUnique({ where: { userId } });
    if (existing) return existing.token;
    const token = newToken();
    // Two first asks at once: the second insert finds the first's row and uses it.
    await this.#db.calendarFeed.createMany({
      data: [{ userId, token, tokenHash: hashOf(token) }],
      skipDuplicates: true,
    });
    return (await this.#db.calendarFeed.findUniqueOrThrow({ where: { userId } })).token;
  }

  /** A new address; the old one is gone at once. */
  async rotate(userId: string): Promise<string> {
    const token = newToken();
    await this.#db.calendarFeed.upsert({
      where: { userId },
      create: { userId, token, tokenHash: hashOf(token) },
      update: { token, tokenHash: hashOf(token), createdAt: new Date() },
    });
    return token;
  }

  /** The iCalendar text of the feed `token` opens; an unknown token is not found (404). */
  async feed(token: string): Promise<string> {
    const found = await this.#db.calendarFeed.findUnique({ where: { tokenHash: hashOf(token) } });
    if (!found || !sameSecret(found.token, token)) {
      throw new AppError('NOT_FOUND', 'No calendar feed at this address.');
    }
    const rows = await this.#db.$queryRaw<FeedRow[]>`
      select 'quest' as kind, g.id, g.title, g.title as quest_title, g.deadline::text as day,
             g.version as sequence, g.updated_at as modified
        from "quests"."goals" g
       where g.user_id = ${found.userId}::uuid and not g.is_completed and g.deadline is not null
      union all
      select 'milestone', m.id, m.title, g.title, m.due_date::text, m.version,
             greatest(m.created_at, coalesce(m.completed_at, m.created_at), g.updated_at)
        from "quests"."milestones" m join "quests"."goals" g on g.id = m.goal_id
       where m.user_id = ${found.userId}::uuid and not m.is_completed and not g.is_completed
         and m.due_date is not null
       order by day, id`;
    const calendar = ical({ name: 'LifeQuest', prodId: { company: 'LifeQuest', product: 'Quests' } });
    for (const row of rows) {
      const start = new Date(`${row.day}T00:00:00Z`);
      const modified = new Date(row.modified);
      calendar.createEvent({
        id: `${row.kind}-${row.id}@lifequest`,
        start,
        allDay: true,
        summary: row.kind === 'quest' ? `Quest deadline: ${row.title}` : `${row.title} (${row.quest_title})`,
        sequence: row.sequence,
        lastModified: modified,
        stamp: modified,
        // All-day dates are the hero's calendar dates, not instants: written without a zone.
        floating: true,
      });
    }
    return calendar.toString();
  }
}

function newToken(): string {
  return `${SECRET_PATH_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
