// The XP ledger (docs/product.md#xp-rules). Every change of a hero's XP is a line; totalXP is their sum,
// kept beside the ledger in auth.xp_totals (with the count of lines) by the statement that adds lines,
// so the reads of totalXP (/api/auth/me, the toggle's projection, the consumer's) take one row by key.
//
// A milestone's (or goal's) XP is settled rather than added: its completion brings the lines for it up
// to what the completion is worth, its reopening brings them back to zero. So a reopening takes back
// exactly what the completions before it gave, whatever the event itself says, and a completion seen
// twice under two ids still counts once. Each event carries the milestone's version (its toggles so
// far); an event older than one already settled is ignored, so a redelivery that arrives out of order
// cannot leave XP on a milestone that ended open. (Repeated deliveries of one event never get here: the
// inbox drops them.)
//
// What a line grants is also bounded by the hero's daily XP ceiling (daily-ceiling.ts): a completion
// settles to what the day still has room for, its line records that, and its reopening takes back
// exactly that. Every line is dated by its event's occurredAt.
//
// The consumer decides on one read of the hero and their ledger taken after it locked the hero
// (ledgerState):
// settle() and awardOnce() are pure, and writeLines() writes what they decided, and the new totals, in
// one statement.
import type { Queryable, SqlTx } from '@lifequest/platform';
import { utcDay } from '@lifequest/proto';
import { type DayRoom, dayRoom } from './daily-ceiling.ts';

export type XpSource = 'milestone' | 'goal' | 'bonus';

export interface XpLine {
  source: XpSource;
  reason: string;
  /** What this source's lines for the milestone or goal must add up to after the event. */
  balance: number;
}

/** A line already in the ledger for the same milestone, goal or award. */
export interface ExistingLine {
  source: XpSource;
  amount: number;
  version: number | null;
}

/** What the consumer reads of a hero and their ledger, once, after locking the hero. */
export interface LedgerState {
  /** The hero (what user.leveled_up says of them); undefined when they no longer exist. */
  hero: { name: string; primaryClass: string } | undefined;
  /** totalXP before the event. */
  total: number;
  /** How many lines the hero has (they are only ever added). */
  lines: number;
  /** The lines for the event's milestone, goal or award (its `sourceId`). */
  existing: ExistingLine[];
  /** The room left in the UTC day the event happened. */
  room: DayRoom;
}

/** A line to add. */
export interface NewLine {
  source: XpSource;
  reason: string;
  amount: number;
  version: number | null;
}

const STATE = `
  select (select json_build_object('name', name, 'primaryClass', primary_class)
            from auth.users where id = $1::uuid) as hero,
         coalesce((select total from auth.xp_totals where user_id = $1::uuid), 0) as total,
         coalesce((select lines from auth.xp_totals where user_id = $1::uuid), 0) as lines,
         (select coalesce(sum(amount), 0)::int from auth.xp_ledger
           where user_id = $1::uuid and created_at >= $3::timestamptz and created_at < $4::timestamptz)
           as day_net,
         (select coalesce(json_agg(json_build_object('source', source, 'amount', amount, 'version', version)),
                          '[]'::json)
            from auth.xp_ledger where user_id = $1::uuid and source_id = $2) as existing`;

/**
 * One statement: the hero and their totals (both by key), their lines for `sourceId`, and what the
 * event's day holds.
 */
export async function ledgerState(
  tx: SqlTx,
  userId: string,
  sourceId: string,
  occurredAt: Date,
): Promise<LedgerState> {
  const { start, end } = utcDay(occurredAt);
  const [row] = await tx.$queryRawUnsafe<
    {
      hero: LedgerState['hero'] | null;
      total: number;
      lines: number;
      day_net: number;
      existing: ExistingLine[];
    }[]
  >(STATE, userId, sourceId, start, end);
  return {
    hero: row?.hero ?? undefined,
    total: row?.total ?? 0,
    lines: row?.lines ?? 0,
    existing: row?.existing ?? [],
    room: dayRoom(row?.day_net ?? 0),
  };
}

/**
 * The lines that bring a milestone's or goal's XP to the balances asked (none for an event older than
 * one already settled). The first line is written even at 0: it records the version this event settled.
 */
export function settle(state: LedgerState, version: number | undefined, lines: readonly XpLine[]): NewLine[] {
  const latest = Math.max(-1, ...state.existing.map((line) => line.version ?? -1));
  if (version !== undefined && latest >= version) return [];
  const added: NewLine[] = [];
  for (const [index, line] of lines.entries()) {
    const current = state.existing
      .filter((e) => e.source === line.source)
      .reduce((sum, e) => sum + e.amount, 0);
    const amount = state.room.grant(line.balance - current);
    if (amount === 0 && index > 0) continue;
    added.push({ source: line.source, reason: line.reason, amount, version: version ?? null });
  }
  return added;
}

/**
 * A one-off award (a logging_daily bonus): written once per `sourceId`, however often it is offered,
 * and only as far as the day's ceiling has room (a day already full writes nothing).
 */
export function awardOnce(state: LedgerState, reason: string, amount: number): NewLine[] {
  if (amount <= 0 || state.existing.length > 0) return [];
  const granted = state.room.grant(amount);
  return granted === 0 ? [] : [{ source: 'bonus', reason, amount: granted, version: null }];
}

/**
 * Adds the lines and adds them to the hero's totals (auth.xp_totals), in one statement; each line is
 * dated by the event (its occurredAt).
 */
const WRITE = `
  with added as (
    insert into auth.xp_ledger
      (user_id, event_id, source, source_id, reason, amount, version, created_at, quest_title, milestone_title)
    select $1::uuid, $2::uuid, l.source, $3, l.reason, l.amount, l.version, $4::timestamptz, $6, $7
      from jsonb_to_recordset($5::jsonb) as l(source text, reason text, amount int, version int)
    returning amount)
  insert into auth.xp_totals as t (user_id, total, lines)
  select $1::uuid, sum(amount), count(*) from added
  on conflict (user_id) do update set total = t.total + excluded.total, lines = t.lines + excluded.lines`;

export async function writeLines(
  tx: SqlTx,
  event: {
    userId: string;
    eventId: string;
    sourceId: string;
    occurredAt: Date;
    /** What the XP history shows beside the line: the titles the event carried. */
    questTitle?: string | undefined;
    milestoneTitle?: string | undefined;
  },
  lines: readonly NewLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.$executeRawUnsafe(
    WRITE,
    event.userId,
    event.eventId,
    event.sourceId,
    event.occurredAt,
    JSON.stringify(lines),
    event.questTitle ?? null,
    event.milestoneTitle ?? null,
  );
}

/** totalXP: the sum of the hero's ledger, as kept beside it (one row by key; 0 for a hero without XP). */
export async function totalXp(sql: Queryable, userId: string): Promise<number> {
  const [row] = await sql.query<{ total: number }>(
    `select total from auth.xp_totals where user_id = $1::uuid`,
    [userId],
  );
  return row?.total ?? 0;
}
