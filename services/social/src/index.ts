import type { ServiceModule } from '@lifequest/platform';
import { challengeRoutes } from './challenges/routes.ts';
import { ChallengeService } from './challenges/service.ts';
import { CONSUMED, consumeEvents } from './consumer.ts';
import { createSocialDb } from './db.ts';
import { feedRoutes } from './feed/routes.ts';
import { FeedService } from './feed/service.ts';
import { friendRoutes } from './friends/routes.ts';
import { FriendService } from './friends/service.ts';
import { rankingRoutes } from './rankings/routes.ts';
import { RankingService } from './rankings/service.ts';
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
    schema: 'social',
    migrations: new URL('../prisma/migrations/', import.meta.url),
    routePrefixes: ['/api/social', '/api/friends', '/api/leaderboard', '/api/challenges', '/api/streaks'],
    subscribes: CONSUMED,
    async setup(app, ctx) {
      const db = createSocialDb(ctx.db);
      ctx.onClose(() => db.$disconnect());
      const events = ctx.events(db);
      await consumeEvents(events);

      const challenges = new ChallengeService(db, events, options.now);
      await challenges.ensureCatalogue();
      feedRoutes(app, new FeedService(db, events, ctx.db));
      friendRoutes(app, new FriendService(db, events, { now: options.now }));
      rankingRoutes(app, new RankingService(ctx.db));
      challengeRoutes(app, challenges);
      streakRoutes(app, new StreakService(events, options.now));
    },
  };
}

export const socialModule: ServiceModule = createSocialModule();

export default socialModule;
