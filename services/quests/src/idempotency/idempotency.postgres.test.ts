import { type Database, openPostgres } from '@lifequest/platform';
import {
  createIsolatedDatabase,
  describeWithInfra,
  type IsolatedPostgres,
  startTestModules,
  type TestModules,
} from '@lifequest/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { questsModule } from '../index.ts';
import { createGoal } from '../testing/test-kit.ts';

// Embedded, PGlite runs one transaction at a time, so parallel replays never truly race there
// (app/src/idempotency.test.ts). On PostgreSQL with a pool they do: the claim of the key must make the
// nine late ones wait and answer the first answer (docs/features/offline-app.md#idempotency).
await describeWithInfra('postgres', 'Idempotency-Keys replayed in parallel on PostgreSQL', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let database: Database;
  let svc: TestModules;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
    database = await openPostgres(isolated.url, { max: 10 });
    svc = await startTestModules([questsModule], { database });
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await database?.close();
    await isolated?.dispose();
  });

  const outboxCount = async (name: string, milestoneId: string) => {
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from quests._outbox where envelope->>'name' = $1 and strpos(envelope::text, $2) > 0`,
      [name, milestoneId],
    );
    return row?.n;
  };

  it('ten parallel PUTs with one key: one change, one milestone.completed, ten equal answers', async () => {
    const hero = svc.hero();
    const goal = await createGoal(hero, { title: 'Walk the coast', milestones: ['Day 1', 'Day 2'] });
    const id = goal.milestones[0]!.id;
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        hero.json('PUT', `/api/milestones/${id}`, { completed: true }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) {
      expect({ ...answer.body, user: null }).toEqual({ ...answers[0]!.body, user: null });
    }
    expect(answers[0]!.body).toMatchObject({
      milestone: { is_completed: true },
      xpDelta: goal.milestones[0]!.xp_reward,
    });
    expect(await outboxCount('milestone.completed', id)).toBe(1);
    const [kept] = await database.query<{ n: number }>(
      'select count(*)::int as n from quests.idempotency_keys where user_id = $1::uuid',
      [hero.userId],
    );
    expect(kept?.n).toBe(1);
  });

  it('ten parallel progress entries with one key: one entry', async () => {
    const hero = svc.hero();
    const goal = await createGoal(hero, { title: 'Read more', unit: 'pages', target_value: 100 });
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        hero.json('POST', '/api/progress', { goalId: goal.id, value: 12 }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await hero.get(`/api/goals/${goal.id}`)).body.progress).toHaveLength(1);
  });
});
