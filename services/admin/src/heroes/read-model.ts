import type { SqlTx } from '@lifequest/platform';
import type { EventEnvelope } from '@lifequest/proto';
import { type AdminEvents, CONSUMER } from '../db.ts';
import { isPurged } from '../deletions/purged.ts';

export const HERO_EVENTS = [
  'user.registered',
  'user.updated',
  'user.onboarded',
  'user.leveled_up',
  'user.xp_changed',
  'goal.created',
  'goal.deleted',
] as const;
type HeroEvent = EventEnvelope<(typeof HERO_EVENTS)[number]>;

/** What one event says about a hero; absent fields are left as they are. */
interface HeroChange {
  email?: string;
  createdAt?: Date;
  name?: string;
  onboarded?: boolean;
  /** With the xpVersion it comes from. */
  xp?: { total: number; version: number };
}

/**
 * Keeps the heroes the admin panel lists, and their quest counts, from auth's user.* and quests' goal.*
 * events. Events may arrive in any order: a name is taken only from an event that happened after the
 * one it came from, an XP total only from a higher xpVersion, and onboarding is never undone.
 *
 * A milestone toggle's user.xp_changed reaches auth, social and admin at once, on the same cores: each
 * event here is one or two SQL statements on the database's driver, without the Prisma client.
 */
export async function followHeroes(events: AdminEvents): Promise<void> {
  await events.subscribeSql(CONSUMER, HERO_EVENTS, async (event, tx) => {
    const userId = event.payload.userId;
    if (await isPurged(tx, userId)) return;
    const at = new Date(event.occurredAt);
    switch (event.name) {
      case 'goal.created':
        await tx.$executeRawUnsafe(
          `insert into "admin"."hero_goals" (goal_id, user_id) values ($1::uuid, $2::uuid)
           on conflict do nothing`,
          event.payload.goalId,
          userId,
        );
        return;
      case 'goal.deleted':
        await tx.$executeRawUnsafe(
          `delete from "admin"."hero_goals" where goal_id = $1::uuid`,
          event.payload.goalId,
        );
        return;
      default:
        await applyHeroChange(tx, userId, at, heroChange(event));
    }
  });
}

function heroChange(event: Exclude<HeroEvent, EventEnvelope<'goal.created' | 'goal.deleted'>>): HeroChange {
  switch (event.name) {
    case 'user.registered':
      return {
        email: event.payload.email,
        createdAt: new Date(event.payload.createdAt),
        name: event.payload.name,
      };
    case 'user.onboarded':
      return { name: event.payload.name, onboarded: true };
    case 'user.updated':
    case 'user.leveled_up':
      return { name: event.payload.name };
    case 'user.xp_changed':
      return { xp: { total: event.payload.totalXP, version: event.payload.xpVersion } };
  }
}

async function applyHeroChange(tx: SqlTx, userId: string, at: Date, change: HeroChange): Promise<void> {
  await tx.$executeRawUnsafe(
    `insert into "admin"."heroes" as h
       (id, email, created_at, name, profile_as_of, is_onboarded, total_xp, xp_version)
     values (
       $1::uuid, $2::text, $3::timestamptz,
       coalesce($4::text, ''), case when $4::text is null then null else $5::timestamptz end,
       $6::boolean, $7::int, $8::int
     )
     on conflict (id) do update set
       email = coalesce(excluded.email, h.email),
       created_at = coalesce(excluded.created_at, h.created_at),
       name = case when excluded.profile_as_of >= coalesce(h.profile_as_of, '-infinity')
         then excluded.name else h.name end,
       profile_as_of = greatest(h.profile_as_of, excluded.profile_as_of),
       is_onboarded = h.is_onboarded or excluded.is_onboarded,
       total_xp = case when excluded.xp_version > h.xp_version then excluded.total_xp else h.total_xp end,
       xp_version = greatest(h.xp_version, excluded.xp_version)`,
    userId,
    change.email ?? null,
    change.createdAt?.toISOString() ?? null,
    change.name ?? null,
    at.toISOString(),
    change.onboarded ?? false,
    change.xp?.total ?? 0,
    change.xp?.version ?? -1,
  );
}
