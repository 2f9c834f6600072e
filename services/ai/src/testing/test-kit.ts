import { randomUUID } from 'node:crypto';
import { errorBody, type HttpServer } from '@lifequest/platform';
import { type HeroCaller, startTestModules, type TestCaller } from '@lifequest/platform/testing';
import {
  computeSkillTree,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  FOUNDATIONS,
  type Foundation,
  type HeroAchievements,
} from '@lifequest/proto';
import { type AiDb, createAiDb } from '../db.ts';
import { type AiModuleOptions, createAiModule } from '../index.ts';

/** A quest of a hero's, as the quests double knows it. */
export interface QuestSeed {
  title: string;
  foundation?: Foundation | null;
  /** Milestone titles; none gives the quest one milestone named after it. */
  milestones?: string[];
  /** Completes every milestone, and with them the quest. Default true. */
  completed?: boolean;
  /** Of a quest not completed: how many of its first milestones are. Default 0. */
  completedMilestones?: number;
}

/**
 * The ai module alone (startTestModules: PGlite, in-process bus and jobs, real HTTP), with doubles of
 * the two services it calls: quests (a hero's achievements, from quests seeded here) and auth (heroes'
 * names). Tests act as a hero and as the other services (publishing their events).
 */
export interface AiHarness {
  db: AiDb;
  /** Gives the hero a quest in the quests double. */
  quest(userId: string, seed: QuestSeed): Promise<{ id: string; title: string }>;
  /** Takes back every milestone of the hero's quest, as toggling them off does: it is open again. */
  reopen(userId: string, questId: string): void;
  /** Every event the ai service published, in order. */
  published: EventEnvelope[];
  hero(userId?: string, name?: string): HeroCaller;
  /** A caller without a session. */
  anonymous(): TestCaller;
  /** Publishes another service's event and resolves once ai has handled it. */
  deliver<N extends EventName>(name: N, payload: EventPayloads[N]): Promise<void>;
  /** Waits until ai's outbox is published and every delivered event handled. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export type { HeroCaller };

interface StoredQuest {
  id: string;
  title: string;
  foundation: Foundation | null;
  completedAt: string | null;
  milestones: string[];
  milestonesDone: number;
}

export async function startAiHarness(
  env: Record<string, string> = {},
  options: AiModuleOptions = {},
): Promise<AiHarness> {
  const names = new Map<string, string>();
  const quests = new Map<string, StoredQuest[]>();
  const svc = await startTestModules([createAiModule(options)], {
    // Tests ask the Pathfinder far more often than a hero would; the rate has its own test.
    env: { AI_RATE_LIMIT_PER_MINUTE: '10000', ...env },
    doubles: {
      auth: (app: HttpServer) => {
        app.get('/internal/auth/users/:id', { config: { access: 'service' } }, async (request, reply) => {
          const name = names.get((request.params as { id: string }).id);
          return name ? { user: { name } } : reply.code(404).send(errorBody('USER_NOT_FOUND'));
        });
      },
      quests: (app: HttpServer) => {
        app.get(
          '/internal/quests/heroes/:userId/achievements',
          { config: { access: 'service' } },
          async (request) => achievementsOf(quests.get((request.params as { userId: string }).userId) ?? []),
        );
      },
    },
  });
  const db = createAiDb(svc.database);
  return {
    db,
    published: svc.published,
    async quest(
      userId,
      { title, foundation = null, milestones = [], completed = true, completedMilestones = 0 },
    ) {
      const titles = milestones.length > 0 ? milestones : [title];
      const quest: StoredQuest = {
        id: randomUUID(),
        title,
        foundation,
        completedAt: completed ? new Date().toISOString() : null,
        milestones: titles,
        milestonesDone: completed ? titles.length : Math.min(completedMilestones, titles.length),
      };
      quests.set(userId, [...(quests.get(userId) ?? []), quest]);
      return { id: quest.id, title };
    },
    reopen(userId, questId) {
      for (const quest of quests.get(userId) ?? []) {
        if (quest.id !== questId) continue;
        quest.completedAt = null;
        quest.milestonesDone = 0;
      }
    },
    hero(userId = randomUUID(), name = 'Aria') {
      names.set(userId, name);
      return svc.hero(userId);
    },
    anonymous: () => svc.anonymous(),
    async deliver(name, payload) {
      await svc.publish(name, payload);
    },
    settled: () => svc.settled(),
    async close() {
      await db.$disconnect();
      await svc.close();
    },
  };
}

/**
 * What quests answers: completed quests newest first, open ids, completed milestones, and mastery as the
 * skill tree counts it.
 */
function achievementsOf(stored: StoredQuest[]): HeroAchievements {
  const tree = computeSkillTree(
    stored.map((q) => ({
      id: q.id,
      title: q.title,
      class_name: 'general',
      foundation: q.foundation,
      is_completed: q.completedAt !== null,
    })),
    stored.flatMap((q) =>
      q.milestones.map((_, i) => ({ goal_id: q.id, is_completed: i < q.milestonesDone })),
    ),
  );
  const foundationProgress = {} as Record<Foundation, number>;
  for (const foundation of FOUNDATIONS) {
    foundationProgress[foundation] =
      tree.nodes.find((node) => node.discipline === foundation && node.level === 1)?.progress ?? 0;
  }
  const completed = stored.filter((q) => q.completedAt !== null).reverse();
  return {
    goals: completed.map(({ id, title, foundation, completedAt, milestones }) => ({
      id,
      title,
      foundation,
      completedAt,
      milestones,
    })),
    foundationProgress,
    openGoalIds: stored.filter((q) => q.completedAt === null).map((q) => q.id),
    completedMilestones: stored.reduce((sum, q) => sum + q.milestonesDone, 0),
  };
}
