import { type Database, openPostgres } from '@lifequest/platform';
import {
  createIsolatedDatabase,
  describeWithInfra,
  type IsolatedPostgres,
  startTestModules,
  type TestModules,
} from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { questsModule } from '../index.ts';
import { createGoal } from '../testing/test-kit.ts';

// The fault-injection run (e2e/fault-injection.test.ts) once saw a few 500s while PostgreSQL connections
// were dropped (pg_terminate_backend). Here quests runs on real PostgreSQL while the test terminates every connection of its database again
// and again, mid-toggle and mid-read: no answer may be a 5xx other than 503 SERVICE_UNAVAILABLE with
// Retry-After, and the books stay right (each milestone is completed exactly when it was toggled an odd
// number of times by the requests that answered 200).
await describeWithInfra('postgres', 'quests while PostgreSQL connections are dropped', (postgresUrl) => {
  let isolated: IsolatedPostgres;
  let database: Database;
  let svc: TestModules;
  let admin: pg.Client;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase(postgresUrl);
    database = await openPostgres(isolated.url, { max: 10 });
    svc = await startTestModules([questsModule], { database });
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await database?.close();
    await admin?.end();
    await isolated?.dispose();
  });

  it('answers every request 2xx or 503 with Retry-After while connections are terminated', async () => {
    const hero = svc.hero();
    const goal = await createGoal(hero, {
      title: 'Walk the coast',
      milestones: ['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6'],
    });
    const ids = goal.milestones.map((m) => m.id);
    const toggledOk = new Map<string, number>(ids.map((id) => [id, 0]));
    /** Milestones with a toggle answered 503: it may or may not have committed. */
    const uncertain = new Set<string>();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let running = true;

    const worker = async (slot: number) => {
      for (let i = 0; running; i++) {
        const read = i % 3 === 2;
        const id = ids[(slot + i) % ids.length]!;
        const res = read
          ? await hero.request('GET', '/api/milestones')
          : await hero.request('POST', `/api/milestones/${id}/toggle`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        if (res.status === 200 && !read) toggledOk.set(id, toggledOk.get(id)! + 1);
        if (res.status !== 200 && !read) uncertain.add(id);
        if (res.status >= 500) {
          const body = JSON.parse(text);
          if (
            res.status !== 503 ||
            body.code !== 'SERVICE_UNAVAILABLE' ||
            typeof body.error !== 'string' ||
            typeof body.message !== 'string' ||
            !res.headers.get('retry-after')
          ) {
            failures.push(`${res.status} ${text}`);
          }
        }
      }
    };

    const workers = Array.from({ length: 6 }, (_, slot) => worker(slot));
    let terminated = 0;
    for (let drop = 0; drop < 20; drop++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [new URL(isolated.url).pathname.slice(1)],
      );
      terminated += rowCount ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    running = false;
    await Promise.all(workers);

    process.stdout.write(
      `connection drops: 20 rounds (${terminated} connections terminated), answers ${[...statuses]
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ')}\n`,
    );
    expect(terminated).toBeGreaterThan(20);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);

    // What the hero sees afterwards agrees with the toggles that were answered 200 (none lost, none
    // applied twice by a retry). A toggle answered 503 may or may not have committed, so a milestone
    // that had one is left out of the exact check.
    const after = (await hero.get<{ id: string; is_completed: boolean }[]>('/api/milestones')).body;
    expect(after.length).toBe(ids.length);
    // (Under this many drops most milestones had one; platform/src/db/unavailable.test.ts proves that
    // a retried unit of work commits once.)
    for (const m of after.filter((m) => !uncertain.has(m.id))) {
      expect(m.is_completed, m.id).toBe(toggledOk.get(m.id)! % 2 === 1);
    }
  }, 120_000);
});
