import {
  heroExportRoute,
  jobRuns,
  type ModuleContext,
  type ServiceModule,
  scheduleJob,
} from '@lifequest/platform';
import { ScheduledJobData } from '@lifequest/proto';
import { challengeRoutes } from './challenges/routes.ts';
import { ChallengeService } from './challenges/service.ts';
import { CONSUMED, consumeEvents } from './consumer.ts';
import { createSocialDb } from './db.ts';
import { feedRoutes } from './feed/routes.ts';
import { FeedService } from './feed/service.ts';
import { friendRoutes } from './friends/routes.ts';
import { FriendService } from './friends/service.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { NotificationService } from './notifications/service.ts';
import { RedisRankingService } from './rankings/redis-boards.ts';
import { rankingRoutes } from './rankings/routes.ts';
import { RankingService } from './rankings/service.ts';
import { rollStreaks, STREAK_ROLLOVER, STREAK_ROLLOVER_EVERY_MS } from './streaks/rollover.ts';
import { streakRoutes } from './streaks/routes.ts';
import { StreakService } from './streaks/service.ts';

export interface SocialModuleOptions {
  /** The clock of challenges, friend requests and streaks (tests set it). */
  now?: () => Date;
}

/** The social service: the Fellowship Hall's feed and likes, friends and requests, rankings, challenges. */
export function createSocialModule(options: SocialModuleOptions = {}): ServiceModule {
  return {
    name: 'social',
    port: 8083,
    // Its scheduled job's queue (streak-rollover) is shared by every replica when distributed.
    needs: { redis: true },
    schema: 'social',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: [
      '/api/social',
      '/api/friends',
      '/api/blocks',
      '/api/leaderboard',
      '/api/challenges',
      '/api/streaks',
      '/api/notifications',
    ],
    subscribes: CONSUMED,
    async setup(app, ctx) {
      const db = createSocialDb(ctx.db);
      ctx.onClose(() => db.$disconnect());
      const events = ctx.events(db);
      const boards = await rankings(ctx);
      await consumeEvents(
        events,
        boards instanceof RedisRankingService ? (id) => boards.forget(id) : undefined,
      );

      const challenges = new ChallengeService(db, events, options.now);
      await challenges.ensureCatalogue();
      feedRoutes(app, new FeedService(db, events, ctx.db, options.now));
      friendRoutes(app, new FriendService(db, events, { now: options.now }));
      rankingRoutes(app, boards);
      challengeRoutes(app, challenges);
      streakRoutes(app, new StreakService(events, options.now));
      notificationRoutes(app, new NotificationService(ctx.db, options.now));

      const now = options.now ?? (() => new Date());
      await scheduleJob(
        ctx.jobs,
        ctx.db,
        'social',
        {
          name: STREAK_ROLLOVER,
          schema: ScheduledJobData,
          everyMs: STREAK_ROLLOVER_EVERY_MS,
          tick: { requestedBy: null },
          run: () => rollStreaks(events, now()),
        },
        ctx.log,
      );
      // The hero's part of their export: friends, the feed activities and likes they made, challenges,
      // streaks, notifications (docs/features/data-ownership.md#export).
      heroExportRoute(app, ctx.db, 'social', [
        { table: 'heroes', columns: ['id'] },
        { table: 'activities', columns: ['user_id'] },
        { table: 'activity_likes', columns: ['user_id'] },
        { table: 'friendships', columns: ['user_id'] },
        { table: 'friend_requests', columns: ['requester_id', 'addressee_id'] },
        { table: 'blocks', columns: ['user_id'] },
        { table: 'challenge_participants', columns: ['user_id'] },
        { table: 'challenge_steps', columns: ['user_id'] },
        { table: 'streak_days', columns: ['user_id'] },
        { table: 'streak_vacations', columns: ['user_id'] },
        { table: 'streak_awards', columns: ['user_id'] },
        { table: 'notifications', columns: ['user_id'] },
      ]);
      // The admin panel's jobs table reads the last run from here.
      app.get('/internal/social/jobs', { config: { access: 'service' } }, async () =>
        jobRuns(ctx.db, 'social', [STREAK_ROLLOVER]),
      );
    },
  };
}

/**
 * Distributed (Redis and PostgreSQL): the rankings from sorted sets that follow social's change log
 * (rankings/redis-boards.ts), unless RANKINGS_STORE=sql. Embedded (PGlite, no Redis), or with
 * RANKINGS_STORE=sql: the SQL path alone, and nothing logged.
 */
async function rankings(ctx: ModuleContext): Promise<RankingService | RedisRankingService> {
  if (!ctx.config.redisUrl || ctx.db.kind !== 'postgres' || ctx.config.rankingsStore !== 'redis') {
    await RedisRankingService.disableFeed(ctx.db);
    return new RankingService(ctx.db);
  }
  await RedisRankingService.enableFeed(ctx.db);
  const { Redis } = await import('ioredis');
  const redis = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1 });
  ctx.onClose(() => redis.quit().then(() => undefined));
  const boards = new RedisRankingService({ db: ctx.db, redis, prefix: ctx.config.infraPrefix, log: ctx.log });
  // Follows the change log (its notifications, and a poll); stopped before Redis is closed.
  const stop = await boards.start();
  ctx.onClose(stop);
  return boards;
}

export const socialModule: ServiceModule = createSocialModule();

export default socialModule;
