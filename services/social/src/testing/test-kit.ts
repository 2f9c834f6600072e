import { randomUUID } from 'node:crypto';
import {
  type HeroCaller as PlatformHeroCaller,
  startTestModules,
  type TestModules,
} from '@lifequest/platform/testing';
import {
  activeClassTitle,
  createEnvelope,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  type LifeClass,
  lifeLevelForXp,
} from '@lifequest/proto';
import { afterAll, beforeAll } from 'vitest';
import { createSocialDb, type SocialDb } from '../db.ts';
import { createSocialModule } from '../index.ts';

/** A hero calling social with the identity the gateway signs, and the e-mail others find them by. */
export interface HeroCaller extends PlatformHeroCaller {
  readonly email: string;
  readonly name: string;
}

/**
 * The social module alone (startTestModules) for a test file. Tests act as heroes and as auth, quests
 * and ai (publishing their events, redelivering them, choosing when they happened), run social on a
 * clock they can set, and read its tables.
 */
export interface SocialWorld {
  svc: TestModules;
  db: SocialDb;
  /** The clock social runs on: real time unless a test sets it. */
  clock: TestClock;
  /** A hero social knows from user.registered and (unless told otherwise) user.onboarded. */
  newHero(name?: string, options?: { primaryClass?: LifeClass; onboarded?: boolean }): Promise<HeroCaller>;
  /** Delivers another service's event about a hero, as its relay would, happened now (on the clock) or at `occurredAt`. */
  publish<N extends EventName>(
    name: N,
    payload: EventPayloads[N] & { userId: string },
    occurredAt?: Date,
  ): Promise<EventEnvelope<N>>;
  /** Announces new XP totals for a hero, as auth does after each ledger change. */
  setXp(userId: string, totalXP: number): Promise<void>;
}

export class TestClock {
  #fixed: Date | undefined;

  now = (): Date => (this.#fixed ? new Date(this.#fixed) : new Date());

  set(at: Date | string): void {
    this.#fixed = new Date(at);
  }

  reset(): void {
    this.#fixed = undefined;
  }
}

export function useSocial(): SocialWorld {
  const clock = new TestClock();
  let svc: TestModules | undefined;
  let db: SocialDb | undefined;
  beforeAll(async () => {
    svc = await startTestModules([createSocialModule({ now: clock.now })]);
    db = createSocialDb(svc.database);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await svc?.close();
  });
  const started = () => {
    if (!svc || !db) throw new Error('social has not started');
    return { svc, db };
  };
  const publish = async <N extends EventName>(
    name: N,
    payload: EventPayloads[N] & { userId: string },
    occurredAt?: Date,
  ) => {
    const event = createEnvelope(name, payload, payload.userId, occurredAt ?? clock.now());
    // Delivered straight onto the bus, as the publisher's relay would (the factory's publish dates events now).
    await started().svc.redeliver(event as EventEnvelope);
    return event;
  };
  const xpVersions = new Map<string, number>();
  return {
    get svc() {
      return started().svc;
    },
    get db() {
      return started().db;
    },
    clock,
    async newHero(name = 'Aria', { primaryClass = 'general', onboarded = true } = {}) {
      const userId = randomUUID();
      const email = `${name.toLowerCase().replaceAll(' ', '-')}-${userId}@example.com`;
      const hero = { ...started().svc.hero(userId, { email }), email, name };
      const title = activeClassTitle(primaryClass);
      await publish('user.registered', {
        userId,
        email,
        name,
        primaryClass,
        activeClassTitle: title,
        createdAt: clock.now().toISOString(),
      });
      if (onboarded) await publish('user.onboarded', { userId, name, primaryClass, activeClassTitle: title });
      return hero;
    },
    publish,
    async setXp(userId, totalXP) {
      const xpVersion = (xpVersions.get(userId) ?? 0) + 1;
      xpVersions.set(userId, xpVersion);
      await publish('user.xp_changed', { userId, totalXP, lifeLevel: lifeLevelForXp(totalXP), xpVersion });
    },
  };
}
