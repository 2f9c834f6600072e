/**
 * The reference handler: the least a server of this architecture must do to answer the dashboard,
 * the feed and the rankings — plain Fastify, one Redis session lookup, the same SQL on the same
 * tables (one statement where LifeQuest's reads take two), the same JSON. No gateway hop, no ORM, no response validation.
 * It is the floor LifeQuest's figures are divided by; it is not a product and has no tests of its own
 * beyond the bench checking its answers equal LifeQuest's.
 *
 *   PORT=8120 DATABASE_URL=... REDIS_URL=... INFRA_PREFIX=... node bench/peers/reference.ts
 */
import { createHash } from 'node:crypto';
import { questProgress } from '@lifequest/proto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

const env = process.env;
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const prefix = env.INFRA_PREFIX ?? 'lifequest';
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const app = Fastify({ logger: false });

/** The hero behind the bearer session id, sliding the session as the gateway does; null when none. */
async function heroOf(request: FastifyRequest): Promise<string | null> {
  const token = request.headers.authorization?.slice('Bearer '.length);
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('base64url');
  const raw = await redis.getex(`${prefix}:session:${hash}`, 'EX', SESSION_TTL_SECONDS);
  return raw ? (JSON.parse(raw) as { userId: string }).userId : null;
}

const unauthenticated = (reply: FastifyReply) =>
  reply.code(401).send({ error: 'Unauthorized', message: 'Sign in to continue.', code: 'UNAUTHENTICATED' });

interface DashboardRow {
  id: string;
  title: string;
  category: string | null;
  difficulty: string | null;
  deadline: string | null;
  target_value: number | null;
  unit: string | null;
  total_xp: number;
  start_date: string;
  milestones: { title: string; due: string | null; done: boolean; xp: number }[];
}

app.get('/api/dashboard', async (request, reply) => {
  const userId = await heroOf(request);
  if (!userId) return unauthenticated(reply);
  const { rows } = await pool.query<DashboardRow>(
    `select g.id, g.title, g.category, g.difficulty, g.deadline::text as deadline, g.target_value, g.unit,
            g.total_xp, (g.created_at at time zone 'UTC')::date::text as start_date,
            coalesce(json_agg(json_build_object('title', m.title, 'due', m.due_date::text,
                       'done', m.is_completed, 'xp', m.xp_awarded) order by m.position, m.created_at)
                     filter (where m.id is not null), '[]') as milestones
       from quests.goals g left join quests.milestones m on m.goal_id = g.id
      where g.user_id = $1 and not g.is_completed
      group by g.id order by g.created_at, g.id`,
    [userId],
  );
  return {
    goals: rows.map((goal) => {
      const progress = questProgress(goal.milestones.map((m) => ({ is_completed: m.done })));
      const next = goal.milestones
        .filter((m) => !m.done)
        .sort((a, b) => (a.due ?? '9999-12-31').localeCompare(b.due ?? '9999-12-31'))[0];
      return {
        goal: {
          id: goal.id,
          title: goal.title,
          category: goal.category,
          difficulty: goal.difficulty,
          targetDate: goal.deadline,
          targetValue: goal.target_value,
          unit: goal.unit,
          totalGoalXp: goal.total_xp,
          startDate: goal.start_date,
        },
        progressPercentage: progress.percent,
        totalXp: goal.milestones.reduce((sum, m) => sum + (m.done ? m.xp : 0), 0),
        nextMilestone: next ? { label: next.title, dueDate: next.due } : null,
        completedMilestones: progress.completed,
        totalMilestones: progress.total,
      };
    }),
  };
});

interface FeedRow {
  id: string;
  type: string;
  title: string;
  description: string;
  created_at: Date;
  likes: number;
  has_liked: boolean;
  user_id: string;
  name: string | null;
  active_class_title: string | null;
}

const FEED_PAGE = 20;
const LEADERBOARD_TOP = 10;
const summary = (row: { name: string | null; active_class_title: string | null }) => ({
  name: row.name || 'A hero',
  activeClassTitle: row.active_class_title || 'Pathfinder Initiate',
});

app.get('/api/social/feed', async (request, reply) => {
  const userId = await heroOf(request);
  if (!userId) return unauthenticated(reply);
  const { rows } = await pool.query<FeedRow>(
    `select a.id, a.type, a.title, a.description, a.created_at, a.likes, a.user_id,
            exists (select 1 from social.activity_likes l where l.activity_id = a.id and l.user_id = $1)
              as has_liked,
            h.name, h.active_class_title
       from (select $1::uuid as user_id
             union all select f.friend_id from social.friendships f where f.user_id = $1) v
       cross join lateral (select * from social.activities a where a.user_id = v.user_id
                            order by a.created_at desc, a.id desc limit $2) a
       left join social.heroes h on h.id = a.user_id
      order by a.created_at desc, a.id desc limit $2`,
    [userId, FEED_PAGE],
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    likes: row.likes,
    hasLiked: row.has_liked,
    user: summary(row),
    // The hero's own entries carry isOwn (they may remove them from the Hall).
    isOwn: row.user_id === userId,
  }));
});

interface BoardRow {
  id: string;
  name: string;
  active_class_title: string;
  value: number;
}

app.get('/api/leaderboard', async (request, reply) => {
  const userId = await heroOf(request);
  if (!userId) return unauthenticated(reply);
  const column = (request.query as { type?: string }).type === 'level' ? 'life_level' : 'total_xp';
  const entry = (rank: number, row: BoardRow) => ({
    rank,
    value: row.value,
    user: { id: row.id, ...summary(row) },
  });
  const { rows: top } = await pool.query<BoardRow>(
    `select id, name, active_class_title, ${column} as value from social.heroes
      where onboarded order by ${column} desc, name, id limit ${LEADERBOARD_TOP}`,
  );
  const board: ReturnType<typeof entry>[] = [];
  for (const [index, row] of top.entries()) {
    const previous = board[index - 1];
    board.push(entry(previous && previous.value === row.value ? previous.rank : index + 1, row));
  }
  if (top.some((row) => row.id === userId)) return board;
  const { rows: own } = await pool.query<BoardRow & { ahead: number }>(
    `select h.id, h.name, h.active_class_title, h.${column} as value,
            (select count(*)::int from social.heroes o where o.onboarded and o.${column} > h.${column}) as ahead
       from social.heroes h where h.id = $1 and h.onboarded`,
    [userId],
  );
  return own[0] ? [...board, entry(own[0].ahead + 1, own[0])] : board;
});

app.get('/readyz', async () => {
  await pool.query('select 1');
  return { status: 'ready' };
});

await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 8120) });
const stop = async () => {
  await app.close();
  await pool.end();
  redis.disconnect();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
