import type { SqlTx } from '@lifequest/platform';
import { activeClassTitle, type LifeClass } from '@lifequest/proto';
import type { AuthEvents } from '../db.ts';
import type { HeroEvents } from './service.ts';

/** The hero events, written to auth's outbox in the transaction that changes the hero. */
export function heroEvents(events: AuthEvents): HeroEvents {
  return {
    async registered(tx, user) {
      await events.record(
        tx as SqlTx,
        'user.registered',
        {
          userId: user.id,
          email: user.email,
          name: user.name,
          primaryClass: user.primaryClass as LifeClass,
          activeClassTitle: activeClassTitle(user.primaryClass),
          createdAt: user.createdAt.toISOString(),
        },
        user.id,
      );
    },
    async onboarded(tx, user) {
      await events.record(
        tx as SqlTx,
        'user.onboarded',
        {
          userId: user.id,
          name: user.name,
          primaryClass: user.primaryClass as LifeClass,
          activeClassTitle: activeClassTitle(user.primaryClass),
        },
        user.id,
      );
    },
  };
}
