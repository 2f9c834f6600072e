import { type EventEnvelope, type EventName, isUuid } from '@lifequest/proto';
import type { Logger } from '../logger.ts';
import type { HandledWatchers } from './handled.ts';
import type { EventBus, SqlTx } from './ports.ts';
import type { ConsumerHandler, SubscribeOptions } from './service-events.ts';
import type { UnitOfWork } from './unit-of-work.ts';

const CONSUMER_NAME = /^[a-z][a-z0-9_-]*$/;
const TABLE_NAME = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/**
 * A service's inbox (`<schema>._inbox`, one row per consumer and event it handled): what makes its
 * consumers idempotent (docs/architecture.md#events).
 */
export interface InboxOptions {
  schema: string;
  bus: EventBus;
  /** The only event names a consumer may take (the module's declared `subscribes`); unset takes any. */
  subscribes?: readonly EventName[];
  /** Told of each handled event, once its effect is committed. */
  watchers: HandledWatchers;
  /** The NOTIFY channel an awaited consumer announces its handled events on; none without notifications. */
  channel?: string;
  log?: Logger;
}

/**
 * Consumes `names` as `consumer`: each event's inbox row and the handler's effect commit in one unit of
 * work of `run` (an event seen before is skipped), and waiters hear of it after the commit.
 */
export async function subscribeThroughInbox<T extends SqlTx, N extends EventName>(
  inbox: InboxOptions,
  run: UnitOfWork<T>,
  consumer: string,
  names: readonly N[],
  handler: ConsumerHandler<N, T>,
  options: SubscribeOptions = {},
): Promise<void> {
  const { schema, log } = inbox;
  assertDeclared(inbox, consumer, names);
  // An awaited consumer's inbox insert also announces the event, delivered by the commit.
  const channel = options.awaited === true ? inbox.channel : undefined;
  const { lock } = options;
  if (lock && !TABLE_NAME.test(lock.table)) throw new Error(`Invalid table name '${lock.table}' to lock`);
  const insertInbox = inboxInsert(schema, channel !== undefined, lock?.table);
  await inbox.bus.subscribe(consumer, names, async (event) => {
    await run(async (tx, emit) => {
      const inserted = await tx.$queryRawUnsafe<unknown[]>(
        insertInbox,
        consumer,
        event.id,
        ...(channel !== undefined ? [channel] : []),
        ...(lock ? [lock.key(event)] : []),
      );
      if (inserted.length === 0) {
        log?.debug({ consumer, eventId: event.id, name: event.name }, 'duplicate event skipped');
        return;
      }
      // The bus only hands this handler the names it subscribed to.
      await handler(event as EventEnvelope<(typeof names)[number]>, tx, emit);
    });
    // Committed (or seen before): whoever waits for it in this process may answer now.
    inbox.watchers.handled(consumer, event.id);
    await options.afterCommit?.(event);
  });
}

/**
 * Whether `consumer` has handled every one of these events (their inbox rows are committed). A look
 * by the inbox's key, (consumer, event_id) with the ids as one array: its cost does not grow with the
 * inbox, which keeps 30 days of events (a comparison on `event_id::text` would read every row of the
 * consumer's on each look, and a toggle's awaited projection looks at least once).
 */
export async function hasHandled(
  client: SqlTx,
  schema: string,
  consumer: string,
  eventIds: readonly string[],
): Promise<boolean> {
  if (eventIds.length === 0) return true;
  const ids = [...new Set(eventIds.map((id) => id.toLowerCase()))];
  // An event's id is a UUID (its envelope's schema); no other string can be in the inbox.
  if (!ids.every(isUuid)) return false;
  const rows = await client.$queryRawUnsafe<{ n: number }[]>(
    `select count(*)::int as n from "${schema}"."_inbox"
     where consumer = $1 and event_id = any(array(select jsonb_array_elements_text($2::jsonb)::uuid))`,
    consumer,
    JSON.stringify(ids),
  );
  return (rows[0]?.n ?? 0) >= ids.length;
}

function assertDeclared(inbox: InboxOptions, consumer: string, names: readonly EventName[]): void {
  if (!CONSUMER_NAME.test(consumer)) throw new Error(`Invalid consumer name '${consumer}'`);
  const undeclared = inbox.subscribes ? names.filter((n) => !inbox.subscribes!.includes(n)) : [];
  if (undeclared.length > 0) {
    throw new Error(
      `The ${inbox.schema} module consumes ${undeclared.join(', ')} without declaring it in its module's subscribes`,
    );
  }
}

/**
 * The inbox row's insert; `announce`: it also NOTIFYs `$3` with `<consumer> <event id>`; `lock`: it also
 * locks that table's row whose id is the last parameter, when the row was inserted (a new event).
 */
function inboxInsert(schema: string, announce: boolean, lock?: string): string {
  const insert = `insert into "${schema}"."_inbox" (consumer, event_id) values ($1, $2::uuid)
       on conflict do nothing returning event_id`;
  if (!announce && !lock) return insert;
  const ctes = [`inserted as (${insert})`];
  const columns = ['event_id'];
  if (announce) columns.push(`pg_notify($3, $1 || ' ' || event_id::text) is null as quiet`);
  if (lock) {
    const table = lock
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
    const key = `$${announce ? 4 : 3}::uuid`;
    ctes.push(
      `locked as (select 1 from ${table} where id = ${key} and exists (select 1 from inserted) for update)`,
    );
    columns.push('(select count(*) from locked)::int as locked');
  }
  return `with ${ctes.join(', ')} select ${columns.join(', ')} from inserted`;
}
