import { activeClassTitle, type EventPayloads, type LifeClass } from '@lifequest/proto';
import type { User as UserRow } from '../generated/prisma/client.ts';

/** user.registered's payload, from the hero's row. */
export function userRegistered(user: UserRow): EventPayloads['user.registered'] {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    primaryClass: user.primaryClass as LifeClass,
    activeClassTitle: activeClassTitle(user.primaryClass),
    createdAt: user.createdAt.toISOString(),
    timezone: user.timeZone,
  };
}

/** user.onboarded's payload, from the hero's row. */
export function userOnboarded(user: UserRow): EventPayloads['user.onboarded'] {
  return {
    userId: user.id,
    name: user.name,
    primaryClass: user.primaryClass as LifeClass,
    activeClassTitle: activeClassTitle(user.primaryClass),
  };
}

/** user.updated's payload: what other services show of the hero, after a change of any of it. */
export function userUpdated(user: UserRow): EventPayloads['user.updated'] {
  return {
    userId: user.id,
    name: user.name,
    primaryClass: user.primaryClass as LifeClass,
    activeClassTitle: activeClassTitle(user.primaryClass),
    showInRankings: user.showInRankings,
    timezone: user.timeZone,
  };
}

/** Whether what other services keep of a hero (name, class, time zone) differs between two versions of the row. */
export function profileChanged(before: UserRow, after: UserRow): boolean {
  return (
    before.name !== after.name ||
    before.primaryClass !== after.primaryClass ||
    before.timeZone !== after.timeZone
  );
}
