// social's own view of every hero, kept from auth's events (never auth's tables: docs/architecture.md#data-ownership).
//
// - user.registered, user.updated, user.onboarded and user.leveled_up carry name and class: the newest
//   event (by occurredAt) wins, so one delivered late changes nothing.
// - user.registered and user.updated may carry the hero's time zone (their streak's days).
// - user.registered carries the e-mail a friend request looks heroes up by (lower-case, never shown).
// - user.onboarded puts the hero on the rankings; user.updated's showInRankings takes them off the global
//   boards or back on (friends still rank them).
// - user.xp_changed carries totalXP and lifeLevel after every change of auth's XP ledger; the highest
//   xpVersion wins, so the totals never step back to an older value.
import type { SqlTx } from '@lifequest/platform';
import { type EventEnvelope, UNKNOWN_HERO_NAME } from '@lifequest/proto';
import type { SocialTx } from '../db.ts';

type ProfileEvent = EventEnvelope<'user.registered' | 'user.updated' | 'user.onboarded' | 'user.leveled_up'>;

/** Makes sure the hero's row exists and locks it for the rest of the transaction. */
async function lockHero(tx: SocialTx, userId: string): Promise<{ profileAt: Date | null }> {
  await tx.$executeRaw`insert into "social"."heroes" (id) values (${userId}::uuid) on conflict do nothing`;
  const [row] = await tx.$queryRaw<{ profile_at: Date | null }[]>`
    select profile_at from "social"."heroes" where id = ${userId}::uuid for update`;
  return { profileAt: row?.profile_at ?? null };
}

export async function applyProfile(tx: SocialTx, event: ProfileEvent): Promise<void> {
  const { userId } = event.payload;
  const occurredAt = new Date(event.occurredAt);
  const { profileAt } = await lockHero(tx, userId);
  if (event.name === 'user.registered') {
    const email = event.payload.email.trim().toLowerCase();
    // An address belongs to one hero: a newer registration of it takes it over.
    await tx.hero.updateMany({ where: { email, id: { not: userId } }, data: { email: null } });
    await tx.hero.update({ where: { id: userId }, data: { email } });
  }
  if (event.name === 'user.onboarded') {
    await tx.hero.update({ where: { id: userId }, data: { onboarded: true } });
  }
  if (profileAt && profileAt > occurredAt) return;
  const { name, activeClassTitle } = event.payload;
  const primaryClass = 'primaryClass' in event.payload ? event.payload.primaryClass : undefined;
  const showInRankings = 'showInRankings' in event.payload ? event.payload.showInRankings : undefined;
  const timeZone = 'timezone' in event.payload ? event.payload.timezone : undefined;
  await tx.hero.update({
    where: { id: userId },
    data: { name, activeClassTitle, primaryClass, showInRankings, timeZone, profileAt: occurredAt },
  });
}

/**
 * The hero's totals from a user.xp_changed, in one statement: the row is made if need be and locked,
 * and only a higher xpVersion than the one it holds changes it (the rank_blocks triggers follow).
 */
export async function applyXp(tx: SqlTx, event: EventEnvelope<'user.xp_changed'>): Promise<void> {
  const { userId, totalXP, lifeLevel, xpVersion } = event.payload;
  await tx.$executeRawUnsafe(
    `insert into "social"."heroes" as h (id, total_xp, life_level, xp_version)
     values ($1::uuid, $2::int, $3::int, $4::int)
     on conflict (id) do update set
       total_xp = excluded.total_xp, life_level = excluded.life_level, xp_version = excluded.xp_version
     where h.xp_version < excluded.xp_version`,
    userId,
    totalXP,
    lifeLevel,
    xpVersion,
  );
}

/** A hero as other heroes see them: never their e-mail. */
export interface HeroSummaryRow {
  name: string | null;
  active_class_title: string | null;
}

/** How a hero social has not heard of yet appears (their events are on the way). */
/** No hero may take its name (the name rules refuse it): see proto's hero-name.ts. */
export const UNKNOWN_HERO = { name: UNKNOWN_HERO_NAME, activeClassTitle: 'Pathfinder Initiate' } as const;

export function heroSummary(row: HeroSummaryRow | null | undefined) {
  return {
    name: row?.name || UNKNOWN_HERO.name,
    activeClassTitle: row?.active_class_title || UNKNOWN_HERO.activeClassTitle,
  };
}
