// The XP ledger (ARCHITECTURE 4). Every change of a hero's XP is a line; totalXP is their sum.
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
import type { AuthTx } from '../db.ts';
import { dayRoom } from './daily-ceiling.ts';

export type XpSource = 'milestone' | 'goal' | 'bonus';

export interface XpLine {
  source: XpSource;
  reason: string;
  /** What this source's lines for the milestone or goal must add up to after the event. */
  balance: number;
}

export interface Settlement {
  userId: string;
  eventId: string;
  /** The milestone or goal id. */
  sourceId: string;
  version: number | undefined;
  lines: XpLine[];
  /** When the event happened: its lines are dated then and count against that UTC day's ceiling. */
  occurredAt: Date;
}

/** Brings a milestone's or goal's XP lines to the balances asked; returns the XP added (or taken, < 0). */
export async function settle(tx: AuthTx, s: Settlement): Promise<number> {
  const existing = await tx.xpEntry.findMany({
    where: { userId: s.userId, sourceId: s.sourceId },
    select: { source: true, amount: true, version: true },
  });
  const latest = Math.max(-1, ...existing.map((line) => line.version ?? -1));
  if (s.version !== undefined && latest >= s.version) return 0;
  const room = await dayRoom(tx, s.userId, s.occurredAt);
  let change = 0;
  for (const [index, line] of s.lines.entries()) {
    const current = existing.filter((e) => e.source === line.source).reduce((sum, e) => sum + e.amount, 0);
    const amount = room.grant(line.balance - current);
    // The first line is written even at 0: it records the version this event settled.
    if (amount === 0 && index > 0) continue;
    await tx.xpEntry.create({
      data: {
        userId: s.userId,
        eventId: s.eventId,
        source: line.source,
        sourceId: s.sourceId,
        reason: line.reason,
        amount,
        version: s.version ?? null,
        createdAt: s.occurredAt,
      },
    });
    change += amount;
  }
  return change;
}

/**
 * A one-off award (a logging_daily bonus): written once per `sourceId`, however often it is offered,
 * and only as far as the day's ceiling has room (a day already full writes nothing).
 */
export async function awardOnce(
  tx: AuthTx,
  award: {
    userId: string;
    eventId: string;
    sourceId: string;
    reason: string;
    amount: number;
    occurredAt: Date;
  },
): Promise<number> {
  if (award.amount <= 0) return 0;
  const seen = await tx.xpEntry.count({ where: { userId: award.userId, sourceId: award.sourceId } });
  if (seen > 0) return 0;
  const { occurredAt, ...line } = award;
  const amount = (await dayRoom(tx, award.userId, occurredAt)).grant(award.amount);
  if (amount === 0) return 0;
  await tx.xpEntry.create({
    data: { ...line, amount, source: 'bonus', version: null, createdAt: occurredAt },
  });
  return amount;
}

/** totalXP: the sum of the hero's ledger. */
export async function totalXp(tx: Pick<AuthTx, 'xpEntry'>, userId: string): Promise<number> {
  const sum = await tx.xpEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return sum._sum.amount ?? 0;
}
