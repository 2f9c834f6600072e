/**
 * The tables every event-publishing or event-consuming service gets in its own schema, created by the
 * platform next to `_migrations` (the underscore keeps them apart from the service's Prisma models).
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
    create index if not exists "_outbox_pending" on "${schema}"."_outbox" (seq) where published_at is null;
    create table if not exists "${schema}"."_inbox" (
      consumer text not null,
      event_id uuid not null,
      processed_at timestamptz not null default now(),
      primary key (consumer, event_id)
    );`;
}
