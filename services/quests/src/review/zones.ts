import { isTimeZone, isUuid } from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';

export const ZONE_EVENTS = ['user.registered', 'user.updated'] as const;

/** Keeps each hero's time zone from auth's events (the newest event wins), for the weekly review. */
export async function followHeroZones(events: QuestEvents): Promise<void> {
  await events.subscribe('quests', ZONE_EVENTS, async (event, tx) => {
    const zone = event.payload.timezone;
    if (!zone || !isTimeZone(zone) || !isUuid(event.payload.userId)) return;
    await tx.$executeRawUnsafe(
      `insert into "quests"."hero_zones" as z (user_id, time_zone, zone_at) values ($1::uuid, $2, $3::timestamptz)
       on conflict (user_id) do update set time_zone = excluded.time_zone, zone_at = excluded.zone_at
       where z.zone_at <= excluded.zone_at`,
      event.payload.userId,
      zone,
      event.occurredAt,
    );
  });
}
