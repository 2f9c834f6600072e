/**
 * The tables every event-publishing or event-consuming service gets in its own schema, created by the
 * platform next to `_migrations` (the underscore keeps them apart from the service's Prisma models).
 * Every statement is idempotent: it runs at each boot, also on schemas created by older versions.
 */
export function eventTablesSql(schema: string): string {
  return `
    create table if not exists "${schema}"."_outbox" (
      seq bigserial primary key,
      id uuid not null unique,
      name text not null,
      envelope jsonb not null,
      created_at timestamptz not null default now(),
      published_at timestamptz,
      attempts integer not null default 0,
      last_error text
    );
    -- A relay leases the rows it is publishing, so replicas never publish the same row at once
    -- and a crashed relay's rows come back when the lease runs out.
    alter table "${schema}"."_outbox" add column if not exists claimed_until timestamptz;
    alter table "${schema}"."_outbox" add column if not exists claimed_by text;
    -- Set by purgeFromOutbox on a pending event that names a purged hero: deleted once published,
    -- instead of being kept for the retention window.
    alter table "${schema}"."_outbox" add column if not exists forget_on_publish boolean not null default false;
    create index if not exists "_outbox_pending" on "${schema}"."_outbox" (seq) where published_at is null;
    create table if not exists "${schema}"."_inbox" (
      consumer text not null,
      event_id uuid not null,
      processed_at timestamptz not null default now(),
      primary key (consumer, event_id)
    );`;
}

/**
 * Dead letters of the in-process bus, kept in the embedded database so they survive a restart
 * (RabbitMQ keeps its own in per-consumer DLQs).
 */
export const DEAD_LETTER_TABLE_SQL = `
  create schema if not exists platform;
  create table if not exists platform._dead_letters (
    id bigserial primary key,
    consumer text not null,
    event_id text,
    event_name text,
    event jsonb not null,
    error text not null,
    attempts integer not null,
    dead_at timestamptz not null default now()
  );
  create index if not exists _dead_letters_consumer on platform._dead_letters (consumer, id);`;
