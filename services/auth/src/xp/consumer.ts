import { activeClassTitle, type EventEnvelope, lifeLevelForXp, toIsoDate } from '@lifequest/proto';
import type { AuthEvents } from '../db.ts';
import { awardOnce, type LedgerState, ledgerState, type NewLine, settle, writeLines } from './ledger.ts';

export const XP_CONSUMER = 'auth';

/** What auth consumes: quests' events that change a hero's XP, and social's streak milestones. */
export const XP_EVENTS = [
  'milestone.completed',
  'milestone.reopened',
  'goal.completed',
  'goal.reopened',
  'progress.logged',
  'streak.milestone_reached',
  'streak.milestone_revoked',
] as const;
type XpEvent = EventEnvelope<(typeof XP_EVENTS)[number]>;

/**
 * Follows quests' events into the XP ledger, announces every change of a hero's totals
 * (user.xp_changed) and user.leveled_up when their lifeLevel goes up. Each event is handled once (the
 * platform's inbox) in one transaction with its effect.
 *
 * A toggle's answer waits for this (the awaited projection), so it is few SQL statements on the
 * driver, one round trip each: the inbox row, which also locks the hero (the subscription's `lock`); one
 * read of the hero and their ledger (ledger.ts); the new lines and the hero's new totals in one insert;
 * the events; then the commit.
 */
export async function consumeXpEvents(events: AuthEvents): Promise<void> {
  await events.subscribeSql(
    XP_CONSUMER,
    XP_EVENTS,
    async (event, tx, emit) => {
      const userId = event.payload.userId;
      const { sourceId, decide } = decision(event);
      const occurredAt = new Date(event.occurredAt);
      // Read after the lock: the hero's previous event has committed its lines.
      const state = await ledgerState(tx, userId, sourceId, occurredAt);
      // A hero deleted meanwhile has no XP left to change.
      if (!state.hero) return;
      const lines = decide(state);
      await writeLines(tx, { userId, eventId: event.id, sourceId, occurredAt, ...titlesOf(event) }, lines);
      const before = state.total;
      const change = lines.reduce((sum, line) => sum + line.amount, 0);
      const fromLevel = lifeLevelForXp(before);
      const toLevel = lifeLevelForXp(before + change);
      if (change !== 0) {
        // Lines are only ever added, so their count orders this hero's totals for every consumer.
        const xpVersion = state.lines + lines.length;
        await emit(
          'user.xp_changed',
          { userId, totalXP: before + change, lifeLevel: toLevel, xpVersion },
          userId,
        );
      }
      if (toLevel > fromLevel) {
        await emit(
          'user.leveled_up',
          {
            userId,
            name: state.hero.name,
            activeClassTitle: activeClassTitle(state.hero.primaryClass),
            fromLevel,
            toLevel,
            totalXP: before + change,
          },
          userId,
        );
      }
    },
    {
      // The awaited projection (projection.ts) waits for these events, maybe in another auth replica.
      awaited: true,
      // One hero's events one at a time: balances and the level-up check read what the last one wrote.
      lock: { table: 'auth.users', key: (event) => (event as XpEvent).payload.userId },
    },
  );
}

/** The titles the XP history shows beside the event's lines (docs/features/data-ownership.md#xp-history). */
function titlesOf(event: XpEvent): { questTitle?: string | undefined; milestoneTitle?: string | undefined } {
  switch (event.name) {
    case 'milestone.completed':
    case 'milestone.reopened':
      return { questTitle: event.payload.goalTitle, milestoneTitle: event.payload.title };
    case 'goal.completed':
    case 'goal.reopened':
      return { questTitle: event.payload.title };
    case 'progress.logged':
      return { questTitle: event.payload.goalTitle };
    case 'streak.milestone_reached':
    case 'streak.milestone_revoked':
      return {};
  }
}

/** The milestone, goal or award an event's lines are about, and how it changes them. */
function decision(event: XpEvent): { sourceId: string; decide: (state: LedgerState) => NewLine[] } {
  switch (event.name) {
    case 'milestone.completed':
      return {
        sourceId: event.payload.milestoneId,
        decide: (state) =>
          settle(state, event.payload.version, [
            { source: 'milestone', reason: 'milestone_completed', balance: event.payload.xpReward },
            { source: 'bonus', reason: 'early_milestone', balance: event.payload.xpBonus ?? 0 },
          ]),
      };
    case 'milestone.reopened':
      return {
        sourceId: event.payload.milestoneId,
        decide: (state) =>
          settle(state, event.payload.version, [
            { source: 'milestone', reason: 'milestone_reopened', balance: 0 },
            { source: 'bonus', reason: 'early_milestone_reopened', balance: 0 },
          ]),
      };
    case 'goal.completed':
      return {
        sourceId: event.payload.goalId,
        decide: (state) =>
          settle(state, event.payload.version, [
            { source: 'goal', reason: 'goal_completed', balance: event.payload.xpBonus },
          ]),
      };
    case 'goal.reopened':
      return {
        sourceId: event.payload.goalId,
        decide: (state) =>
          settle(state, event.payload.version, [{ source: 'goal', reason: 'goal_reopened', balance: 0 }]),
      };
    case 'streak.milestone_reached':
    case 'streak.milestone_revoked': {
      // Each streak milestone is one award per hero, settled like a milestone's XP: its revocation
      // (the day that reached it taken back) brings it back to zero, whatever order the two arrive in.
      const balance = event.name === 'streak.milestone_reached' ? event.payload.xpBonus : 0;
      return {
        sourceId: `streak:${event.payload.days}`,
        decide: (state) =>
          settle(state, event.payload.version, [
            {
              source: 'bonus',
              reason:
                event.name === 'streak.milestone_reached' ? 'streak_milestone' : 'streak_milestone_revoked',
              balance,
            },
          ]),
      };
    }
    case 'progress.logged':
      return {
        // logging_daily is earned once per quest and UTC day, however many entries that day has.
        sourceId: `${event.payload.goalId}@${toIsoDate(event.payload.loggedAt)}`,
        decide: (state) => awardOnce(state, 'logging_daily', event.payload.xpBonus ?? 0),
      };
  }
}
