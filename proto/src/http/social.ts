// The Fellowship Hall API (docs/product.md#fellowship-hall): feed and likes, rankings, friends and requests, challenges.
// Field names are the product's. The social service serves these; the web reads them.
import { z } from 'zod';
import { CHALLENGE_CLASSES } from '../rules/life-class.ts';
import { uuidField } from './params.ts';

export const ACTIVITY_TYPES = [
  'milestone_reached',
  'level_up',
  'achievement_unlocked',
  'goal_completed',
  'friend_added',
  'challenge_joined',
] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

/** How a hero appears to other heroes: never their e-mail. */
export const HeroSummary = z.object({
  name: z.string(),
  activeClassTitle: z.string(),
});
export type HeroSummary = z.infer<typeof HeroSummary>;

/** A Feed activity (docs/product.md#fellowship-hall). `createdAt` is an ISO timestamp. */
export const FeedActivity = z.object({
  id: z.string(),
  type: ActivityType,
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  likes: z.number().int().min(0),
  hasLiked: z.boolean(),
  user: HeroSummary,
  /** The asking hero's own entry: they may remove it (DELETE /api/social/activities/{id}). */
  isOwn: z.boolean(),
});
export type FeedActivity = z.infer<typeof FeedActivity>;

export const FEED_PAGE_MAX = 50;
export const FEED_PAGE_DEFAULT = 20;

/**
 * GET /api/social/feed: newest first. The product's web reads a bare list; `before` (an activity id, the
 * last one seen) pages further back and `limit` bounds a page.
 */
export const FeedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
  before: z.uuid({ error: 'before must be an activity id' }).optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;
export const Feed = z.array(FeedActivity);
export type Feed = z.infer<typeof Feed>;

/** POST /api/social/activities/{id}/like toggles: a second call takes the like back. */
export const LikeResult = z.object({ liked: z.boolean(), likes: z.number().int().min(0) });
export type LikeResult = z.infer<typeof LikeResult>;

/** `streak` (beside total_xp and level, docs/product.md#rankings) ranks heroes by their current streak. */
export const LEADERBOARD_TYPES = ['total_xp', 'level', 'streak'] as const;
export const LeaderboardType = z.enum(LEADERBOARD_TYPES, {
  error: `type must be one of ${LEADERBOARD_TYPES.join(', ')}`,
});
export type LeaderboardType = z.infer<typeof LeaderboardType>;
export const LEADERBOARD_SCOPES = ['global', 'friends'] as const;

export const LeaderboardQuery = z.object({
  type: LeaderboardType.default('total_xp'),
  /** Beyond the brief: `friends` ranks the hero among their friends; the default is everyone. */
  scope: z.enum(LEADERBOARD_SCOPES, { error: 'scope must be global or friends' }).default('global'),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

/** A Leaderboard entry (docs/product.md#fellowship-hall): ties share a rank. */
export const LeaderboardEntry = z.object({
  rank: z.number().int().min(1),
  value: z.number().int(),
  user: HeroSummary.extend({ id: z.string() }),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
/** The top of the board, then the asking hero's own entry when they are not in the top. */
export const Leaderboard = z.array(LeaderboardEntry);
export type Leaderboard = z.infer<typeof Leaderboard>;

/** A Friend (docs/product.md#fellowship-hall). */
export const Friend = z.object({
  id: z.string(),
  name: z.string(),
  activeClassTitle: z.string(),
  lifeLevel: z.number().int(),
  totalXP: z.number().int(),
  /** Beyond the spec: the days in a row both friends counted towards their streaks. */
  friend_streak: z.number().int().min(0),
});
export type Friend = z.infer<typeof Friend>;
export const FriendList = z.array(Friend);

export const FriendRequestBody = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'email is required')
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'email must be a valid e-mail address' })),
});
export type FriendRequestBody = z.infer<typeof FriendRequestBody>;

/**
 * What POST /api/friends/request did: `pending` (sent), or `accepted` when the other hero had already
 * asked this hero (the two requests become a friendship).
 */
export const FriendRequestResult = z.object({
  status: z.enum(['pending', 'accepted']),
  requestId: z.string(),
});
export type FriendRequestResult = z.infer<typeof FriendRequestResult>;

/** An incoming, pending Friend request (docs/product.md#fellowship-hall). */
export const FriendRequest = z.object({
  id: z.string(),
  /** `email_hint`: the sender's address masked (`w***n@example.com`), so a name alone cannot pose as a friend. */
  requester: HeroSummary.extend({ email_hint: z.string() }),
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof FriendRequest>;
export const FriendRequestList = z.array(FriendRequest);

export const FriendRequestAction = z.object({
  action: z.enum(['accept', 'reject'], { error: 'action must be accept or reject' }),
});
export type FriendRequestAction = z.infer<typeof FriendRequestAction>;
export const FriendRequestAnswer = z.object({ status: z.enum(['accepted', 'rejected']) });
export type FriendRequestAnswer = z.infer<typeof FriendRequestAnswer>;

export const ChallengeClassSchema = z.enum(CHALLENGE_CLASSES);

export const ChallengesQuery = z.object({
  /** The product's web always asks active=true; without it, recently ended challenges are listed too. */
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false' })
    .optional()
    .transform((v) => v !== 'false'),
});

/** A Challenge (docs/product.md#fellowship-hall). `userProgress` and `userRank` are null until the hero joins. */
export const Challenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  className: ChallengeClassSchema,
  /** ISO timestamp of the end. */
  endDate: z.string(),
  participantCount: z.number().int().min(0),
  isParticipating: z.boolean(),
  userProgress: z.number().int().min(0).nullable(),
  targetValue: z.number().int().min(1),
  userRank: z.number().int().min(1).nullable(),
});
export type Challenge = z.infer<typeof Challenge>;
export const ChallengeList = z.array(Challenge);

/** POST /api/blocks: the hero to block (an id from the friends list or a ranking). */
export const BlockBody = z.object({ user_id: uuidField('user_id') });
export type BlockBody = z.infer<typeof BlockBody>;
/** DELETE /api/blocks/{user_id}. */
export const BlockParams = z.object({ user_id: uuidField('user_id') });
export type BlockParams = z.infer<typeof BlockParams>;
/** A hero this hero has blocked. */
export const BlockedHero = HeroSummary.extend({ id: z.string(), blockedAt: z.string() });
export type BlockedHero = z.infer<typeof BlockedHero>;
export const BlockList = z.array(BlockedHero);

export const RequestIdParams = z.object({ requestId: z.uuid({ error: 'requestId must be a valid id' }) });

/** GET /api/streaks/me (docs/features/daily-loop.md#streaks). */
export const StreakView = z.object({
  current: z.number().int().min(0),
  longest: z.number().int().min(0),
  today_done: z.boolean(),
  freezes_available: z.number().int().min(0),
  /** The last day (yyyy-mm-dd, the hero's zone) of a vacation set and not over; null otherwise. */
  vacation_until: z.string().nullable(),
});
export type StreakView = z.infer<typeof StreakView>;

/** PUT /api/streaks/vacation: the last day of the pause, at most 30 days ahead. */
export const VacationBody = z.object({
  until: z.iso.date({ error: 'until must be a date (yyyy-mm-dd)' }),
});
export type VacationBody = z.infer<typeof VacationBody>;

export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'like',
  'challenge_ending',
  'streak_at_risk',
  'streak_frozen',
  'quest_at_risk',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationItem = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path of the web app the item points to (/social, /profile, /pathfinder). */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NOTIFICATIONS_PAGE_MAX = 50;
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
  before: z.uuid({ error: 'before must be a notification id' }).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationPage = z.object({
  items: z.array(NotificationItem),
  unread: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof NotificationPage>;
