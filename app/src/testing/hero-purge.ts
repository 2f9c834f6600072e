import { EVENTUALLY } from '@lifequest/platform/testing';
import type { AdminDeletion, AdminUserRow } from '@lifequest/proto';
import { expect } from 'vitest';
import { HeroClient } from './app.ts';

/** The known password of the admin account in these tests (ADMIN_PASSWORD). */
export const TEST_ADMIN_PASSWORD = 'the admin of these tests';
export const TEST_ADMIN_EMAIL = 'admin@lifequest.local';

/** What could name a hero in a row: their id, e-mail and name. */
export interface HeroTraces {
  id: string;
  email: string;
  name: string;
}

async function ok<T = any>(what: string, answer: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await answer;
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/**
 * A newly registered hero who then uses every feature that keeps data about them: onboarding and its
 * first quest, quests with milestones, progress and a foundation, The Pathfinder's chats, the advisor's
 * plan, a story, and in the Fellowship Hall a friend (`friend`, who accepts), a like of the friend's
 * activity, a challenge and a place in the rankings.
 */
export async function heroOfEveryFeature(
  url: string,
  friend: { client: HeroClient; email: string },
): Promise<{ hero: HeroClient; traces: HeroTraces }> {
  const hero = new HeroClient(url);
  const name = `Zephyrine${crypto.randomUUID().slice(0, 8)}`;
  const { user, email } = await hero.register(name);
  await ok(
    'onboarding chat',
    hero.post('/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'I want to run a 5K in 3 months' }],
      phase: 'initial',
      primaryClass: 'general',
      displayName: name,
      smartGoalData: null,
    }),
  );
  await ok(
    'complete-onboarding',
    hero.post('/api/auth/complete-onboarding', {
      displayName: name,
      primaryClass: 'general',
      firstGoal: { title: 'Run a 5K', milestones: [{ title: 'Run 1K', completed: false }] },
    }),
  );
  const quest = await ok(
    'a quest',
    hero.post('/api/goals', { title: 'Save $1,000', milestones: ['Save $500', 'Save $1,000'] }),
  );
  for (const milestone of quest.milestones) {
    await ok('a toggle', hero.post(`/api/milestones/${milestone.id}/toggle`));
  }
  await ok('progress', hero.post('/api/progress', { goalId: quest.id, value: 500, note: `${name} saved` }));
  // Answers kept for Idempotency-Keys (docs/features/offline-app.md#idempotency).
  const key = { 'idempotency-key': crypto.randomUUID() };
  await ok(
    'a set',
    hero.request('PUT', `/api/milestones/${quest.milestones[0].id}`, { completed: true }, key),
  );
  await ok(
    'keyed progress',
    hero.request(
      'POST',
      '/api/progress',
      { goalId: quest.id, value: 1 },
      { 'idempotency-key': crypto.randomUUID() },
    ),
  );
  await ok('a foundation', hero.patch(`/api/goals/${quest.id}/foundation`, { foundation: 'Finance' }));
  await ok(
    'floating chat',
    hero.post('/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'I want to read 10 books in 5 months' }],
    }),
  );
  const advice = await ok(
    'advisor',
    hero.post('/api/advisor/message', { message: 'I want to save $3,000 in 6 months' }),
  );
  await ok('a plan', hero.post('/api/plans/confirm', { ...advice.plan, draftId: advice.draftId }));
  await ok('another advisor turn', hero.post('/api/advisor/message', { message: 'I want to learn Spanish' }));
  await ok('a story', hero.post('/api/narrative/generate', { achievement_id: quest.id }));

  // social learns of both heroes from auth's events: the request finds the friend once it has.
  let request: { status: number; body: { requestId: string } } = { status: 0, body: { requestId: '' } };
  await expect
    .poll(async () => {
      request = await hero.post('/api/friends/request', { email: friend.email });
      return request.status;
    }, EVENTUALLY)
    .toBe(201);
  await ok(
    'accept',
    friend.client.patch(`/api/friends/requests/${request.body.requestId}`, { action: 'accept' }),
  );
  await expect.poll(async () => (await hero.get('/api/friends')).body.length, EVENTUALLY).toBe(1);
  const feed = await ok<{ id: string; user: { name: string } }[]>('the feed', hero.get('/api/social/feed'));
  const friends = feed.find((activity) => activity.user.name !== name);
  expect(friends, 'an activity of the friend').toBeDefined();
  await ok('a like', hero.post(`/api/social/activities/${friends!.id}/like`));
  const [challenge] = await ok<{ id: string }[]>('challenges', hero.get('/api/challenges?active=true'));
  await ok('joining a challenge', hero.post(`/api/challenges/${challenge!.id}/join`));
  // The rankings: read, so they are built wherever they are kept (Redis, when distributed) with the
  // hero on the global board and on their friend's.
  for (const scope of ['global', 'friends']) {
    await expect
      .poll(async () => {
        const board = await ok<{ user: { id: string } }[]>(
          'the rankings',
          friend.client.get(`/api/leaderboard?type=total_xp&scope=${scope}`),
        );
        return board.some((row) => row.user.id === user.id);
      }, EVENTUALLY)
      .toBe(true);
  }
  // The daily loop: a time zone, a vacation, streak days (the toggle and progress above), notifications
  // (the friend's acceptance) and a calendar feed.
  await ok('a time zone', hero.patch('/api/auth/me', { timezone: 'Europe/Lisbon' }));
  const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await ok('a vacation', hero.request('PUT', '/api/streaks/vacation', { until }));
  await ok('a calendar feed', hero.get('/api/calendar'));
  await expect
    .poll(async () => (await hero.get('/api/notifications')).body.unread, EVENTUALLY)
    .toBeGreaterThan(0);
  // An export: its row keeps a ZIP full of them, and its job names them (data-ownership.md#export).
  const exported = await ok<{ job_id: string }>('an export', hero.post('/api/export'));
  await expect
    .poll(async () => (await hero.get(`/api/export/${exported.job_id}`)).body.status, { timeout: 30_000 })
    .toBe('done');
  return { hero, traces: { id: user.id, email, name } };
}

/** A second hero, to befriend the one who will be deleted. */
export async function newFriend(url: string): Promise<{ client: HeroClient; email: string }> {
  const client = new HeroClient(url);
  const { email } = await client.register('Friend');
  return { client, email };
}

/** The admin account of ADMIN_EMAILS, signed in with TEST_ADMIN_PASSWORD. */
export async function signedInAdmin(url: string): Promise<HeroClient> {
  const admin = new HeroClient(url);
  await ok(
    'admin login',
    admin.post('/api/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  );
  return admin;
}

/**
 * Asks for the hero's deletion and waits until every holder of their data has confirmed it; returns
 * the holders the deletion waited for.
 */
export async function deleteHeroAndWait(admin: HeroClient, id: string): Promise<string[]> {
  const asked = await admin.delete<AdminDeletion>(`/api/admin/users/${id}`);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ id, status: 'pending' });
  await waitUntilDeleted(admin, id);
  return asked.body.pending_services;
}

/** Waits until the hero's deletion is complete (asking again says so) and the admin lists them no more. */
export async function waitUntilDeleted(admin: HeroClient, id: string, timeoutMs = 30_000): Promise<void> {
  await expect
    .poll(async () => (await admin.delete<AdminDeletion>(`/api/admin/users/${id}`)).body.status, {
      timeout: timeoutMs,
      interval: 200,
    })
    .toBe('completed');
  const users = await admin.get<AdminUserRow[]>('/api/admin/users');
  expect(users.body.some((row) => row.id === id)).toBe(false);
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Every place, in every table of every schema, where a text, uuid, json or array column holds one of
 * the hero's traces (case-insensitive): `schema.table.column: trace`. Empty when nothing names them.
 */
export async function rowsNaming(query: Query, traces: HeroTraces): Promise<string[]> {
  const columns = (await query(
    `select table_schema, table_name, column_name from information_schema.columns
     where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
       and data_type in ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY')
     order by 1, 2, 3`,
  )) as { table_schema: string; table_name: string; column_name: string }[];
  expect(columns.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    for (const trace of [traces.id, traces.email, traces.name]) {
      const [row] = await query(
        `select count(*)::int as n from "${schema}"."${table}" where strpos(lower("${column}"::text), lower($1)) > 0`,
        [trace],
      );
      if (Number(row?.n) > 0) found.push(`${schema}.${table}.${column}: ${trace}`);
    }
  }
  return found;
}
