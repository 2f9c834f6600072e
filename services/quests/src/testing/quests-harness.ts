import { createServiceEvents, InProcessEventBus, migrate, openPglite } from '@lifequest/platform';
import { createEnvelope, type EventEnvelope, type EventName } from '@lifequest/proto';
import { createQuestsDb, type QuestsDb } from '../db.ts';
import { GoalService } from '../goals/service.ts';
import { purgeDeletedHeroes } from '../heroes/purge.ts';
import { MilestoneService } from '../milestones/service.ts';
import { OnboardingQuestService } from '../onboarding/service.ts';
import { PlanService } from '../plans/service.ts';
import { ProgressService } from '../progress/service.ts';

const PUBLISHED: EventName[] = [
  'goal.created',
  'goal.completed',
  'goal.reopened',
  'goal.deleted',
  'milestone.completed',
  'milestone.reopened',
  'progress.logged',
  'plan.confirmed',
];

/**
 * The quests services on PGlite and the in-process bus, without HTTP: a test drives them and reads
 * every event quests publishes, as a consumer would receive it after the outbox relay.
 */
export interface QuestsHarness {
  db: QuestsDb;
  goals: GoalService;
  milestones: MilestoneService;
  progress: ProgressService;
  plans: PlanService;
  onboarding: OnboardingQuestService;
  /** Events published so far (after flush). */
  published: EventEnvelope[];
  /** Waits until everything recorded so far is published. */
  flush(): Promise<void>;
  /** Delivers auth's user.deleted to quests. */
  deleteHero(userId: string): Promise<void>;
  close(): Promise<void>;
}

export async function startQuestsHarness(): Promise<QuestsHarness> {
  const database = await openPglite(undefined);
  await migrate(database, 'quests', new URL('../../prisma/migrations/', import.meta.url));
  const db = createQuestsDb(database);
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const events = createServiceEvents({ schema: 'quests', prisma: db, bus });
  await purgeDeletedHeroes(events);
  const published: EventEnvelope[] = [];
  await bus.subscribe('listener', PUBLISHED, async (event) => {
    published.push(event);
  });
  await events.start();
  return {
    db,
    goals: new GoalService(db, events),
    milestones: new MilestoneService(db, events, { totalsAfter: async () => null }),
    progress: new ProgressService(db, events),
    plans: new PlanService(db, events),
    onboarding: new OnboardingQuestService(db, events),
    published,
    flush: () => events.flush(),
    deleteHero: (userId) => bus.publish(createEnvelope('user.deleted', { userId }, null)),
    async close() {
      await events.stop();
      await bus.close();
      await db.$disconnect();
      await database.close();
    },
  };
}
