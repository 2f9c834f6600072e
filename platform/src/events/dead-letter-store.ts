import type { Queryable } from '../db/database.ts';
import { DEAD_LETTER_TABLE_SQL } from '../db/platform-tables.ts';
import type { DeadLetter } from './ports.ts';

export interface StoredDeadLetter extends DeadLetter {
  /** The store's own key, to remove exactly this letter once replayed. */
  key: string;
}

/** Where the in-process bus keeps the events its consumers gave up on. */
export interface DeadLetterStore {
  add(letter: DeadLetter): Promise<void>;
  list(consumer: string, limit?: number): Promise<StoredDeadLetter[]>;
  remove(key: string): Promise<void>;
  count(consumer: string): Promise<number>;
}

export class MemoryDeadLetterStore implements DeadLetterStore {
  readonly #letters: StoredDeadLetter[] = [];
  #next = 1;

  async add(letter: DeadLetter): Promise<void> {
    this.#letters.push({ ...letter, key: String(this.#next++) });
  }

  async list(consumer: string, limit = 1_000): Promise<StoredDeadLetter[]> {
    return this.#letters.filter((l) => l.consumer === consumer).slice(0, limit);
  }

  async remove(key: string): Promise<void> {
    const index = this.#letters.findIndex((l) => l.key === key);
    if (index >= 0) this.#letters.splice(index, 1);
  }

  async count(consumer: string): Promise<number> {
    return this.#letters.filter((l) => l.consumer === consumer).length;
  }
}

interface Row {
  key: string;
  consumer: string;
  event_id: string | null;
  event_name: string | null;
  event: string;
  error: string;
  attempts: number;
  dead_at: string;
}

/** Dead letters in `platform._dead_letters`, so they survive a restart of the embedded process. */
export class SqlDeadLetterStore implements DeadLetterStore {
  readonly #db: Queryable;
  #ready: Promise<void> | undefined;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Creates the table if needed; every other method calls it first. */
  init(): Promise<void> {
    this.#ready ??= this.#db.exec(DEAD_LETTER_TABLE_SQL).catch((error) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async add(letter: DeadLetter): Promise<void> {
    await this.init();
    await this.#db.query(
      `insert into platform._dead_letters (consumer, event_id, event_name, event, error, attempts, dead_at)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7::timestamptz)`,
      [
        letter.consumer,
        letter.eventId,
        letter.eventName,
        JSON.stringify(letter.event ?? null),
        letter.error,
        letter.attempts,
        letter.deadAt,
      ],
    );
  }

  async list(consumer: string, limit = 1_000): Promise<StoredDeadLetter[]> {
    await this.init();
    const rows = await this.#db.query<Row>(
      `select id::text as key, consumer, event_id, event_name, event::text as event, error, attempts,
              to_char(dead_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as dead_at
       from platform._dead_letters where consumer = $1 order by id limit $2`,
      [consumer, limit],
    );
    return rows.map((r) => ({
      key: r.key,
      consumer: r.consumer,
      eventId: r.event_id,
      eventName: r.event_name,
      event: JSON.parse(r.event),
      error: r.error,
      attempts: r.attempts,
      deadAt: r.dead_at,
    }));
  }

  async remove(key: string): Promise<void> {
    await this.init();
    await this.#db.query('delete from platform._dead_letters where id = $1::bigint', [key]);
  }

  async count(consumer: string): Promise<number> {
    await this.init();
    const rows = await this.#db.query<{ n: number }>(
      'select count(*)::int as n from platform._dead_letters where consumer = $1',
      [consumer],
    );
    return rows[0]?.n ?? 0;
  }
}
