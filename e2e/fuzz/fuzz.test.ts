import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { HeroClient, startLifeQuest, type TestLifeQuest } from '@lifequest/app/testing';
import { IDENTITY_HEADER } from '@lifequest/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOperations } from './openapi.ts';
import type { Kind } from './requests.ts';
import { describeTotals, fuzz, harvestIds } from './runner.ts';

// The fuzzer (docs/reliability.md): every route of the OpenAPI documents, valid and abused, against the whole app (embedded,
// signed in as a hero with quests, milestones, progress, a plan, a draft and a story). `npm test` runs a
// bounded, fixed-seed run; `npm run fuzz` the full 20,000 requests with a fresh seed (FUZZ_SEED and
// FUZZ_REQUESTS override both). A case it finds becomes a test in found.test.ts once fixed.

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
/** e.g. `FUZZ_KINDS=size-limit,deep-json` to replay one kind of failure. */
const KIND_FILTER = process.env.FUZZ_KINDS?.split(',') as Kind[] | undefined;
const BODY_LIMIT_BYTES = 1_048_576;

let app: TestLifeQuest;
let hero: HeroClient;
let admin: HeroClient;
let spare: HeroClient;
let heroId: string;

async function seedQuests(client: HeroClient): Promise<void> {
  const goal = await client.post('/api/goals', {
    title: 'Run a 5K',
    deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    milestones: ['Run 1K', 'Run 3K', 'Run 5K'],
  });
  const milestone = goal.body?.milestones?.[0]?.id;
  if (milestone) await client.post(`/api/milestones/${milestone}/toggle`);
  if (goal.body?.id)
    await client.post('/api/progress', { goalId: goal.body.id, value: 3, note: 'felt good' });
}

beforeAll(async () => {
  app = await startLifeQuest({
    BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES),
    AI_DAILY_TOKEN_BUDGET: '5000000',
  });
  hero = new HeroClient(app.url, 'bearer');
  const registered = await hero.register('Fuzzy');
  heroId = registered.user.id;
  await hero.post('/api/auth/complete-onboarding', {
    displayName: 'Fuzzy',
    primaryClass: 'general',
    firstGoal: {
      title: 'Read 12 books',
      deadline: null,
      milestones: [{ title: 'Read one book', completed: true }],
    },
  });
  for (let i = 0; i < 3; i++) await seedQuests(hero);
  await hero.post('/api/advisor/message', { message: 'I want to run a 5K in 8 weeks' });
  const draft = await hero.get('/api/plans/draft');
  if (draft.body?.plan)
    await hero.post('/api/plans/confirm', { ...draft.body.plan, draftId: draft.body.draftId });
  await hero.post('/api/narrative/generate', {});

  spare = new HeroClient(app.url, 'bearer');
  await spare.post('/api/auth/login', { email: registered.email, password: registered.password });

  const [email, password] = readFileSync(join(app.dataDir, 'admin-password.txt'), 'utf8').trim().split(' ');
  admin = new HeroClient(app.url, 'bearer');
  await admin.post('/api/auth/login', { email, password });
}, 120_000);

afterAll(() => app?.close());

const FIVE_MB = 5 * 1024 * 1024;

/**
 * Writes all of `body` (declared by Content-Length, or chunked in 64 KB writes), reads the answer and
 * waits for the connection to close: a reset counts even when it comes after the answer was read.
 */
function upload(method: string, path: string, body: Buffer, streamed: boolean): Promise<string> {
  return new Promise((resolve) => {
    let answer = 'no answer';
    let reset = '';
    const url = new URL(path, app.url);
    const req = httpRequest(url, {
      method,
      agent: false,
      headers: {
        authorization: `Bearer ${hero.sessionId}`,
        'content-type': 'application/json',
        ...(streamed ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
      },
    });
    const timer = setTimeout(() => req.destroy(new Error('hang')), 30_000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const code = (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { code?: string }).code;
        answer = `${res.statusCode} ${code}`;
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        reset ||= error.code ?? error.message;
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      reset ||= error.code ?? error.message;
    });
    req.on('close', () => {
      clearTimeout(timer);
      resolve(reset ? `${answer}, then ${reset}` : answer);
    });
    if (!streamed) req.end(body);
    else {
      for (let at = 0; at < body.length; at += 65_536) req.write(body.subarray(at, at + 65_536));
      req.end();
    }
  });
}

it('a 5 MB body on every route, declared or streamed, is answered 413 before the connection closes: no reset', async () => {
  const { operations } = await loadOperations(app.url, app.serviceUrls);
  const body = Buffer.from(`{"title":"${'z'.repeat(FIVE_MB)}"}`);
  const outcomes: string[] = [];
  for (const op of operations) {
    // An id where the path takes one: the body is refused before any route looks at it.
    const path = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    for (const streamed of [false, true]) {
      const outcome = await upload(op.method, path, body, streamed);
      outcomes.push(`${op.method} ${op.path} ${streamed ? 'streamed' : 'declared'}: ${outcome}`);
    }
  }
  expect(outcomes.length).toBeGreaterThan(30);
  expect(outcomes.filter((line) => !line.endsWith(': 413 PAYLOAD_TOO_LARGE'))).toEqual([]);
}, 300_000);

it(
  `${REQUESTS} generated and hostile requests: no 5xx, no hang, no reset, and the app keeps answering`,
  async () => {
    const { operations, prefixes } = await loadOperations(app.url, app.serviceUrls);
    expect(operations.length).toBeGreaterThan(15);
    const ids = new Set<string>();
    for (const path of ['/api/goals', '/api/milestones', '/api/narrative/history', '/api/plans/draft']) {
      harvestIds(JSON.stringify((await hero.get(path)).body), ids, new Set([heroId]));
    }

    const totals = await fuzz({
      base: app.url,
      operations,
      prefixes,
      requests: REQUESTS,
      seed: SEED,
      concurrency: CONCURRENCY,
      context: {
        heroSession: hero.sessionId!,
        spareSession: spare.sessionId!,
        adminSession: admin.sessionId!,
        internalHeaderName: IDENTITY_HEADER,
        bodyLimitBytes: BODY_LIMIT_BYTES,
      },
      protectedIds: new Set([heroId]),
      ids,
      probe: {
        method: 'GET',
        path: '/api/auth/me',
        headers: { authorization: `Bearer ${hero.sessionId}` },
        label: 'probe',
        abusive: false,
      },
      reseed: () => seedQuests(hero),
      kinds: KIND_FILTER,
    });
    console.warn(describeTotals(totals));
    for (const failure of totals.failures) console.warn(JSON.stringify(failure));

    expect(totals.requests).toBe(REQUESTS);
    expect({
      serverErrors: totals.serverErrors,
      badErrorBodies: totals.badErrorBodies,
      wrongMethodAnswers: totals.wrongMethodAnswers,
      hangs: totals.hangs,
      resets: totals.resets,
      failedProbes: totals.failedProbes,
    }).toEqual({
      serverErrors: 0,
      badErrorBodies: 0,
      wrongMethodAnswers: 0,
      hangs: 0,
      resets: 0,
      failedProbes: 0,
    });
    // Every route was tried, and no request polluted the prototypes of the process serving them.
    if (!KIND_FILTER) expect(totals.operationsHit).toBe(totals.operations);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  },
  REQUESTS * 150 + 120_000,
);
