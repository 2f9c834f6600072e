import { EVENTUALLY } from '@lifequest/platform/testing';
import { plan } from '@lifequest/quests/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { registry } from './registry.ts';
import { HeroClient, startLifeQuest, type TestLifeQuest, uploadImport } from './testing/index.ts';

// The authorization matrix (docs/architecture.md#access): every route the gateway serves × {anonymous,
// another hero, the owner, an admin}, one expected status per cell, against the whole app (embedded). The
// routes come from the OpenAPI documents of the gateway (its own routes: login, register, logout) and of
// every module (the paths under the module's route prefixes), so a route added without a row here fails
// the first test. The gateway's proxies, one per prefix with its declared `hero` or `admin` access, are
// checked as guards on the whole prefix.

type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'other', 'admin', 'owner']; // the owner last: it may change state

interface Seed {
  goalId: string;
  milestoneId: string;
  doomedGoalId: string;
  /** An open quest only the re-plan row uses. */
  replanGoalId: string;
  activityId: string;
  requestId: string;
  storyId: string;
  strangerEmail: string;
  strangerPassword: string;
  /** The stranger's id: the owner's friend once the friend rows have run. */
  strangerId: string;
  /** A hero the owner has blocked. */
  blockedId: string;
  /** A hero only the admin deletion row touches. */
  victimId: string;
  ownerId: string;
  notificationId: string;
  /** The owner's finished export. */
  exportId: string;
  /** The owner's import (a small Habitica file). */
  importId: string;
}

interface Row {
  /** The path to call, with the owner's ids filled in. */
  path: (s: Seed) => string;
  body?: (s: Seed) => unknown;
  expect: Record<Caller, number>;
  /** Others' answers must not carry the owner's ids (lists and reads of another's resource). */
  noLeak?: boolean;
  /** Called on a fresh session of each caller (logout ends the session it is called with). */
  freshSession?: boolean;
  /** Headers the route needs besides the session's (a fresh Idempotency-Key per call, say). */
  headers?: () => Record<string, string>;
}

const OPEN = (status: number) => ({ anonymous: status, other: status, admin: status, owner: status });
/** Any signed-in hero, on the hero's own data (lists, creations). */
const HERO = (status: number) => ({ anonymous: 401, other: status, admin: status, owner: status });
/** The owner's resource by id: 404 to everyone else, admins included (no 403 that confirms it exists). */
const OWNED = (status: number) => ({ anonymous: 401, other: 404, admin: 404, owner: status });
/** Admin only: 401 anonymous, 403 for a hero. */
const ADMIN = (status: number) => ({ anonymous: 401, other: 403, admin: status, owner: 403 });

const unique = () => `hero-${crypto.randomUUID()}@example.com`;

const MATRIX: Record<string, Row> = {
  // gateway: its own routes, all declared `public` (gateway/src/auth-routes.ts)
  'POST /api/auth/register': {
    path: () => '/api/auth/register',
    body: () => ({ email: unique(), password: 'correct horse battery', name: 'Newcomer' }),
    expect: OPEN(201),
  },
  'POST /api/auth/login': {
    path: () => '/api/auth/login',
    body: (s) => ({ email: s.strangerEmail, password: s.strangerPassword }),
    expect: OPEN(200),
  },
  // Logging out is idempotent: without a session it is still `{ ok: true }`.
  'POST /api/auth/logout': { path: () => '/api/auth/logout', expect: OPEN(200), freshSession: true },
  // Deleting one's own account asks for the password: a wrong one is refused to every hero (the owner too).
  'DELETE /api/auth/me': {
    path: () => '/api/auth/me',
    body: () => ({ password: 'not the password' }),
    expect: { anonymous: 401, other: 401, admin: 401, owner: 401 },
  },
  // auth
  'GET /api/auth/me': { path: () => '/api/auth/me', expect: HERO(200), noLeak: true },
  'PATCH /api/auth/me': {
    path: () => '/api/auth/me',
    body: () => ({ show_in_rankings: true, timezone: 'Europe/Paris' }),
    expect: HERO(200),
    noLeak: true,
  },
  'GET /api/xp/history': { path: () => '/api/xp/history', expect: HERO(200), noLeak: true },
  'POST /api/export': { path: () => '/api/export', expect: HERO(202) },
  // A JSON body is no file: every signed-in caller is told to send one (nothing is imported).
  'POST /api/import': { path: () => '/api/import', body: () => ({ file: 'x' }), expect: HERO(400) },
  'GET /api/import/{jobId}': { path: (s) => `/api/import/${s.importId}`, expect: OWNED(200), noLeak: true },
  'GET /api/export/{jobId}': { path: (s) => `/api/export/${s.exportId}`, expect: OWNED(200), noLeak: true },
  'GET /api/export/{jobId}/download': {
    path: (s) => `/api/export/${s.exportId}/download`,
    expect: OWNED(200),
    noLeak: true,
  },
  'POST /api/auth/complete-onboarding': {
    path: () => '/api/auth/complete-onboarding',
    body: () => ({ displayName: 'Onboarded', primaryClass: 'general', firstGoal: null }),
    expect: HERO(200),
  },
  // quests
  'GET /api/goals': { path: () => '/api/goals', expect: HERO(200), noLeak: true },
  'POST /api/goals': {
    path: () => '/api/goals',
    body: () => ({ title: 'Read a book', milestones: ['Chapter one'] }),
    expect: HERO(201),
  },
  'GET /api/goals/{id}': { path: (s) => `/api/goals/${s.goalId}`, expect: OWNED(200), noLeak: true },
  'DELETE /api/goals/{id}': { path: (s) => `/api/goals/${s.doomedGoalId}`, expect: OWNED(204), noLeak: true },
  'PATCH /api/goals/{id}/foundation': {
    path: (s) => `/api/goals/${s.goalId}/foundation`,
    body: () => ({ foundation: 'Health' }),
    expect: OWNED(200),
    noLeak: true,
  },
  'GET /api/milestones': { path: () => '/api/milestones', expect: HERO(200), noLeak: true },
  'POST /api/milestones/{id}/toggle': {
    path: (s) => `/api/milestones/${s.milestoneId}/toggle`,
    expect: OWNED(200),
    noLeak: true,
  },
  'PUT /api/milestones/{id}': {
    path: (s) => `/api/milestones/${s.milestoneId}`,
    body: () => ({ completed: true }),
    headers: () => ({ 'idempotency-key': crypto.randomUUID() }),
    expect: OWNED(200),
    noLeak: true,
  },
  'POST /api/progress': {
    path: () => '/api/progress',
    body: (s) => ({ goalId: s.goalId, value: 3 }),
    expect: OWNED(201),
    noLeak: true,
  },
  'GET /api/dashboard': { path: () => '/api/dashboard', expect: HERO(200), noLeak: true },
  'POST /api/plans/confirm': { path: () => '/api/plans/confirm', body: () => plan(), expect: HERO(201) },
  'GET /api/skill-tree': { path: () => '/api/skill-tree', expect: HERO(200), noLeak: true },
  'GET /api/calendar': { path: () => '/api/calendar', expect: HERO(200), noLeak: true },
  'POST /api/calendar/rotate': { path: () => '/api/calendar/rotate', expect: HERO(200), noLeak: true },
  // No session needed: the address is the secret; a wrong one is not found for everyone.
  'GET /api/calendar/feed/{file}': {
    path: () => `/api/calendar/feed/lqs_${'x'.repeat(43)}.ics`,
    expect: OPEN(404),
  },
  // social
  'GET /api/social/feed': { path: () => '/api/social/feed', expect: HERO(200), noLeak: true },
  'POST /api/social/activities/{id}/like': {
    path: (s) => `/api/social/activities/${s.activityId}/like`,
    expect: OWNED(200),
    noLeak: true,
  },
  'GET /api/friends': { path: () => '/api/friends', expect: HERO(200), noLeak: true },
  'POST /api/friends/request': {
    path: () => '/api/friends/request',
    body: (s) => ({ email: s.strangerEmail }),
    // The stranger has already asked the owner: the owner's own request accepts it (200), not a new one.
    expect: { ...HERO(201), owner: 200 },
  },
  'GET /api/friends/requests': { path: () => '/api/friends/requests', expect: HERO(200), noLeak: true },
  'PATCH /api/friends/requests/{requestId}': {
    path: (s) => `/api/friends/requests/${s.requestId}`,
    body: () => ({ action: 'accept' }),
    expect: OWNED(200),
    noLeak: true,
  },
  // Only the owner's own entry: a friend's or a stranger's is not found.
  'DELETE /api/social/activities/{id}': {
    path: (s) => `/api/social/activities/${s.activityId}`,
    expect: OWNED(204),
    noLeak: true,
  },
  // The stranger is the owner's friend by now (the request rows above); nobody else's.
  'DELETE /api/friends/{id}': {
    path: (s) => `/api/friends/${s.strangerId}`,
    expect: OWNED(204),
    noLeak: true,
  },
  'GET /api/blocks': { path: () => '/api/blocks', expect: HERO(200), noLeak: true },
  // The body names the owner: any other hero may block them; the owner cannot block themself.
  'POST /api/blocks': {
    path: () => '/api/blocks',
    body: (s) => ({ user_id: s.ownerId }),
    expect: { ...HERO(204), owner: 400 },
  },
  // Only the owner has blocked this hero: anyone else's DELETE finds no block of theirs.
  'DELETE /api/blocks/{user_id}': {
    path: (s) => `/api/blocks/${s.blockedId}`,
    expect: OWNED(204),
    noLeak: true,
  },
  'GET /api/leaderboard': { path: () => '/api/leaderboard', expect: HERO(200) },
  'GET /api/challenges': { path: () => '/api/challenges', expect: HERO(200) },
  'POST /api/challenges/{id}/join': {
    path: () => '/api/challenges/CHALLENGE/join',
    expect: HERO(200),
  },
  'GET /api/streaks/me': { path: () => '/api/streaks/me', expect: HERO(200), noLeak: true },
  'PUT /api/streaks/vacation': {
    path: () => '/api/streaks/vacation',
    body: () => ({ until: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) }),
    expect: HERO(200),
    noLeak: true,
  },
  'DELETE /api/streaks/vacation': { path: () => '/api/streaks/vacation', expect: HERO(200), noLeak: true },
  'GET /api/notifications': { path: () => '/api/notifications', expect: HERO(200), noLeak: true },
  'POST /api/notifications/read-all': {
    path: () => '/api/notifications/read-all',
    expect: HERO(200),
    noLeak: true,
  },
  // The stranger's friend request told the owner: their notification is theirs alone.
  'POST /api/notifications/{id}/read': {
    path: (s) => `/api/notifications/${s.notificationId}/read`,
    expect: OWNED(200),
    noLeak: true,
  },
  // ai
  'POST /api/ai/pathfinder-conversation': {
    path: () => '/api/ai/pathfinder-conversation',
    body: () => ({ messages: [{ role: 'user', content: 'I want to read 12 books this year' }] }),
    expect: HERO(200),
  },
  'GET /api/ai/pathfinder-conversation': {
    path: () => '/api/ai/pathfinder-conversation',
    expect: HERO(200),
    noLeak: true,
  },
  // Which Pathfinder answers, and in which languages: the same for every hero, told to no stranger.
  'GET /api/ai/provider': { path: () => '/api/ai/provider', expect: HERO(200) },
  'GET /api/advisor/messages': { path: () => '/api/advisor/messages', expect: HERO(200), noLeak: true },
  'POST /api/advisor/message': {
    path: () => '/api/advisor/message',
    body: () => ({ message: 'I want to save $500 in 3 months' }),
    expect: HERO(200),
  },
  'POST /api/advisor/replan': {
    path: () => '/api/advisor/replan',
    body: (s) => ({ goal_id: s.replanGoalId, note: 'I fell behind' }),
    expect: OWNED(200),
    noLeak: true,
  },
  'GET /api/plans/draft': { path: () => '/api/plans/draft', expect: HERO(200), noLeak: true },
  'GET /api/narrative/history': { path: () => '/api/narrative/history', expect: HERO(200), noLeak: true },
  // Only the owner has completed something: a story of nothing is refused to the others (400).
  'POST /api/narrative/generate': {
    path: () => '/api/narrative/generate',
    body: () => ({}),
    expect: { ...HERO(400), owner: 201 },
  },
  'GET /api/narrative/jobs/{jobId}': {
    path: (s) => `/api/narrative/jobs/${s.storyId}`,
    expect: OWNED(200),
    noLeak: true,
  },
  // admin: heroes are refused with 403 (the gateway, then the route's own `access: 'admin'`)
  'GET /api/admin/users': { path: () => '/api/admin/users', expect: ADMIN(200) },
  'GET /api/admin/token-stats': { path: () => '/api/admin/token-stats', expect: ADMIN(200) },
  'GET /api/admin/jobs': { path: () => '/api/admin/jobs', expect: ADMIN(200) },
  'POST /api/admin/jobs/{name}/run': {
    path: () => '/api/admin/jobs/streak-rollover/run',
    expect: ADMIN(202),
  },
  // 202 while every service purges the hero, 200 once done: the victim is no one else's seed.
  'DELETE /api/admin/users/{id}': { path: (s) => `/api/admin/users/${s.victimId}`, expect: ADMIN(202) },
};

/**
 * Not routes of their own but the gateway's proxies, each guarding a whole prefix with its declared access
 * (gateway/src/proxy.ts), checked as extra rows: a path under the prefix that no route serves is refused
 * to a stranger (401), and to a hero when the prefix is admin-only (403), before anything is forwarded; a
 * caller let through gets the service's own answer (here: no such route, 404).
 */
const GUARDS: Record<string, Row> = Object.fromEntries(
  registry.modules.flatMap((module) =>
    module.routePrefixes.map((prefix): [string, Row] => [
      `GET ${prefix}/{unknown}`,
      {
        path: () => `${prefix}/no/such/route`,
        expect: module.adminOnly ? ADMIN(404) : { anonymous: 401, other: 404, admin: 404, owner: 404 },
      },
    ]),
  ),
);
// A wrong method on one of the gateway's own routes is its own 405, before any session is asked for.
GUARDS['GET /api/auth/login'] = { path: () => '/api/auth/login', expect: OPEN(405) };

let app: TestLifeQuest;
const sessions = {} as Record<
  Exclude<Caller, 'anonymous'>,
  { email: string; password: string; sessionId: string }
>;
let seed: Seed;
let ownerIds: string[];
let challengeId = 'none';

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(new URL('/api/auth/login', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { sessionId?: string };
  if (res.status !== 200 || !body.sessionId) throw new Error(`login ${email}: ${res.status}`);
  return body.sessionId;
}

async function registerHero(name: string) {
  const client = new HeroClient(app.url, 'bearer');
  const { email, password, sessionId } = await client.register(name);
  return { client, email, password, sessionId };
}

beforeAll(async () => {
  app = await startLifeQuest({ ADMIN_EMAILS: 'admin@example.com', ADMIN_PASSWORD: 'correct horse admin' });
  const owner = await registerHero('Owner');
  const other = await registerHero('Other');
  const stranger = await registerHero('Stranger');
  const victim = await registerHero('Victim');
  const blocked = await registerHero('Blocked');
  sessions.owner = owner;
  sessions.other = other;
  const adminEmail = 'admin@example.com';
  const adminPassword = 'correct horse admin';
  sessions.admin = {
    email: adminEmail,
    password: adminPassword,
    sessionId: await signIn(adminEmail, adminPassword),
  };

  // The owner's data: a quest with two milestones (one completed: an activity), progress, a quest to
  // delete, a completed quest with its story, and a friend request from the stranger.
  const o = owner.client;
  const goal = (await o.post('/api/goals', { title: 'Learn Spanish', milestones: ['Words', 'Verbs'] })).body;
  const doomed = (await o.post('/api/goals', { title: 'Doomed', milestones: ['Gone'] })).body;
  const done = (await o.post('/api/goals', { title: 'Save $1,000', milestones: ['Save $500'] })).body;
  const behind = (await o.post('/api/goals', { title: 'Run a 5K', milestones: ['Run 1K', 'Run 5K'] })).body;
  expect((await o.post(`/api/milestones/${goal.milestones[1].id}/toggle`)).status).toBe(200);
  expect((await o.post(`/api/milestones/${done.milestones[0].id}/toggle`)).status).toBe(200);
  expect((await o.post('/api/progress', { goalId: goal.id, value: 1 })).status).toBe(201);
  const story = await o.post('/api/narrative/generate', { achievement_id: done.id });
  expect(story.status, JSON.stringify(story.body)).toBe(201);
  expect((await stranger.client.post('/api/friends/request', { email: owner.email })).status).toBeLessThan(
    300,
  );
  const requests = (await o.get('/api/friends/requests')).body;
  const activity = await vi.waitFor(async () => {
    const feed = (await o.get('/api/social/feed')).body;
    const mine = (Array.isArray(feed) ? feed : (feed.activities ?? feed.items ?? [])) as { id: string }[];
    if (!mine[0]) throw new Error(`no activity yet: ${JSON.stringify(feed)}`);
    return mine[0];
  }, EVENTUALLY);
  seed = {
    goalId: goal.id,
    milestoneId: goal.milestones[0].id,
    doomedGoalId: doomed.id,
    replanGoalId: behind.id,
    activityId: activity.id,
    requestId: (Array.isArray(requests) ? requests : requests.requests)[0].id,
    storyId: story.body.story.id,
    strangerEmail: stranger.email,
    strangerPassword: stranger.password,
    victimId: (await victim.client.get('/api/auth/me')).body.id,
    ownerId: (await o.get('/api/auth/me')).body.id,
    strangerId: (await stranger.client.get('/api/auth/me')).body.id,
    blockedId: (await blocked.client.get('/api/auth/me')).body.id,
    notificationId: await (async () => {
      const page = await o.get('/api/notifications');
      if (!page.body.items?.[0])
        throw new Error(`no notification: ${page.status} ${JSON.stringify(page.body)}`);
      return page.body.items[0].id as string;
    })(),
    exportId: await (async () => {
      const id = (await o.post('/api/export')).body.job_id as string;
      await vi.waitFor(async () => {
        const status = (await o.get(`/api/export/${id}`)).body;
        if (status.status !== 'done') throw new Error(`export: ${JSON.stringify(status)}`);
      }, EVENTUALLY);
      return id;
    })(),
    importId: (
      await uploadImport(
        app.url,
        o,
        JSON.stringify({ tasks: { todos: [{ type: 'todo', text: 'Imported' }] } }),
        'habitica.json',
      )
    ).body.job_id!,
  };
  // social learns of the heroes from auth's events: the block waits until it knows the one blocked.
  await vi.waitFor(async () => {
    const res = await o.post('/api/blocks', { user_id: seed.blockedId });
    if (res.status !== 204) throw new Error(`block: ${res.status}`);
  }, EVENTUALLY);
  ownerIds = [
    seed.activityId,
    seed.goalId,
    seed.milestoneId,
    seed.doomedGoalId,
    seed.replanGoalId,
    done.id,
    seed.storyId,
    seed.requestId,
    seed.blockedId,
    seed.notificationId,
    seed.exportId,
    seed.importId,
    owner.email,
  ];
  const challenges = (await o.get('/api/challenges')).body as { id: string }[];
  challengeId = challenges[0]?.id ?? 'none';
}, 60_000);
afterAll(() => app?.close());

interface OpenApiDoc {
  paths?: Record<string, Record<string, unknown>>;
}
const openApi = async (url: string) => (await (await fetch(`${url}/openapi.json`)).json()) as OpenApiDoc;

/** The routes the gateway serves: its own, and each module's under that module's prefixes. */
async function gatewayRoutes(): Promise<string[]> {
  const routes = new Set<string>();
  const add = (doc: OpenApiDoc, keep: (path: string) => boolean) => {
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      if (!keep(path)) continue;
      for (const method of Object.keys(ops)) routes.add(`${method.toUpperCase()} ${path}`);
    }
  };
  // The gateway's own document also lists its proxies (`/api/goals/{*}`): those are the modules' routes.
  add(await openApi(app.url), (path) => !path.includes('{*}') && !path.endsWith('/'));
  for (const module of registry.modules) {
    const url = app.serviceUrls[module.name];
    if (!url) throw new Error(`${module.name} has no URL in the embedded app`);
    const doc = await openApi(url);
    add(doc, (path) => module.routePrefixes.some((p) => path === p || path.startsWith(`${p}/`)));
  }
  return [...routes].sort();
}

it('has a row for every route the gateway serves, and none for a route that is gone', async () => {
  const routes = await gatewayRoutes();
  const missing = routes.filter((r) => !(r in MATRIX)).map((r) => `route ${r} has no row`);
  const stale = Object.keys(MATRIX)
    .filter((r) => !routes.includes(r))
    .map((r) => `row ${r} matches no route`);
  expect([...missing, ...stale]).toEqual([]);
});

it('answers every route × caller with the expected status, and never another hero’s data', async () => {
  const wrong: string[] = [];
  const rows = { ...MATRIX, ...GUARDS };
  for (const [route, row] of Object.entries(rows)) {
    const method = route.split(' ')[0]!;
    for (const caller of CALLERS) {
      let sessionId: string | undefined;
      if (caller !== 'anonymous') {
        const s = sessions[caller];
        sessionId = row.freshSession ? await signIn(s.email, s.password) : s.sessionId;
      }
      const path = row.path(seed).replace('CHALLENGE', challengeId);
      const headers: Record<string, string> = { ...row.headers?.() };
      if (sessionId) headers.authorization = `Bearer ${sessionId}`;
      let body: string | undefined;
      if (method !== 'GET' && (method !== 'DELETE' || row.body)) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(row.body ? row.body(seed) : {});
      }
      const res = await fetch(new URL(path, app.url), { method, headers, body });
      const text = await res.text();
      const want = row.expect[caller];
      if (res.status !== want)
        wrong.push(`${route} as ${caller}: ${res.status}, expected ${want}: ${text.slice(0, 200)}`);
      if (row.noLeak && caller !== 'owner') {
        const leaked = ownerIds.filter((id) => text.includes(id));
        if (leaked.length > 0) wrong.push(`${route} as ${caller}: carries the owner's ${leaked.join(', ')}`);
      }
    }
  }
  const cells = Object.keys(rows).length * CALLERS.length;
  // The suite prints its size and result.
  process.stdout.write(
    `authorization matrix: ${Object.keys(MATRIX).length} routes + ${Object.keys(GUARDS).length} gateway guards × ${CALLERS.length} callers = ${cells} cells, ${wrong.length} wrong\n`,
  );
  expect(wrong).toEqual([]);
}, 120_000);
