import { activeClassTitle, type EventEnvelope, lifeLevelForXp, toIsoDate } from '@lifequest/proto';
import type { AuthEvents, AuthTx } from '../db.ts';
import { awardOnce, settle, totalXp } from './ledger.ts';

export const XP_CONSUMER = 'auth';

/** What auth consumes: quests' events that change a hero's XP. */
export const XP_EVENTS = [
  'milestone.completed',
  'milestone.reopened',
  'goal.completed',
  'goal.reopened',
  'progress.logged',
] as const;
type XpEvent = EventEnvelope<(typeof XP_EVENTS)[number]>;

/**
 * Follows quests' events into the XP ledger, announces every change of a hero's totals
 * (user.xp_changed) and user.leveled_up when their lifeLevel goes up. Each event is handled once (the
 * platform's inbox) in one transaction with its effect.
 */
export async function consumeXpEvents(events: AuthEvents): Promise<void> {
  await events.subscribe(
    XP_CONSUMER,
    XP_EVENTS,
    async (event, tx, emit) => {
      const userId = event.payload.userId;
      // One hero's events one at a time: balances and the level-up check read what the last one wrote.
      const [user] = await tx.$queryRaw<{ id: string }[]>`
      select id from "auth"."users" where id::text = ${userId} for update`;
      // A hero deleted meanwhile has no XP left to change.
      if (!user) return;
      const before = await totalXp(tx, userId);
      const change = await apply(tx, event);
      const fromLevel = lifeLevelForXp(before);
      const toLevel = lifeLevelForXp(before + change);
      if (change !== 0) {
        // Lines are only ever added, so their count orders this hero's totals for every consumer.
        const xpVersion = await tx.xpEntry.count({ where: { userId } });
        await emit(
          'user.xp_changed',
          { userId, totalXP: before + change, lifeLevel: toLevel, xpVersion },
          userId,
        );
      }
      if (toLevel > fromLevel) {
        const hero = await tx.user.findUniqueOrThrow({ where: { id: userId } });
        await emit(
          'user.leveled_up',
          {
            userId,
            name: hero.name,
            activeClassTitle: activeClassTitle(hero.primaryClass),
            fromLevel,
            toLevel,
            totalXP: before + change,
          },
          userId,
        );
      }
    },
    // The awaited projection (projection.ts) waits for these events, maybe in another auth replica.
    { awaited: true },
  );
}

function apply(tx: AuthTx, event: XpEvent): Promise<number> {
  const base = { userId: event.payload.userId, eventId: event.id, occurredAt: new Date(event.occurredAt) };
  switch (event.name) {
    case 'milestone.completed':
      return settle(tx, {
        ...base,
        sourceId: event.payload.milestoneId,
        version: event.payload.version,
        lines: [
          { source: 'milestone', reason: 'milestone_completed', balance: event.payload.xpReward },
          { source: 'bonus', reason: 'early_milestone', balance: event.payload.xpBonus ?? 0 },
        ],
      });
    case 'milestone.reopened':
      return settle(tx, {
        ...base,
        sourceId: event.payload.milestoneId,
        version: event.payload.version,
        lines: [
          { source: 'milestone', reason: 'milestone_reopened', balance: 0 },
          { source: 'bonus', reason: 'early_milestone_reopened', balance: 0 },
        ],
      });
    case 'goal.completed':
      return settle(tx, {
        ...base,
        sourceId: event.payload.goalId,
        version: event.payload.version,
        lines: [{ source: 'goal', reason: 'goal_completed', balance: event.payload.xpBonus }],
      });
    case 'goal.reopened':
      return settle(tx, {
        ...base,
        sourceId: event.payload.goalId,
        version: event.payload.version,
        lines: [{ source: 'goal', reason: 'goal_reopened', balance: 0 }],
      });
    case 'progress.logged':
      return awardOnce(tx, {
        ...base,
        // logging_daily is earned once per quest and UTC day, however many entries that day has.
        sourceId: `${event.payload.goalId}@${toIsoDate(event.payload.loggedAt)}`,
        reason: 'logging_daily',
        amount: event.payload.xpBonus ?? 0,
      });
  }
}
