import type { HttpServer } from '@lifequest/platform';
import { useTestModules } from '@lifequest/platform/testing';
import { LifeQuestArchive } from '@lifequest/proto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createQuestsModule } from '../index.ts';
import { createGoal } from '../testing/test-kit.ts';
import { EXPORT_QUEUE, TRANSFER_EXPIRY } from './service.ts';

let now = new Date('2027-03-01T10:00:00.000Z');
const asked: string[] = [];
// The other services' internal export routes, as doubles: each answers its rows about the hero.
const double = (service: string) => (app: HttpServer) => {
  app.get(
    `/internal/${service}/heroes/:userId/export`,
    { config: { access: 'service' } },
    async (request) => {
      const { userId } = request.params as { userId: string };
      asked.push(`${service}:${userId}`);
      return service === 'auth'
        ? {
            users: [{ id: userId, name: 'Ada', email: 'ada@example.com' }],
            xp_ledger: [{ created_at: now.toISOString(), amount: 50, reason: 'milestone_completed' }],
          }
        : { [`${service}_rows`]: [{ user_id: userId }] };
    },
  );
};
const svc = useTestModules([createQuestsModule({ now: () => now })], {
  doubles: { auth: double('auth'), social: double('social'), ai: double('ai') },
});

async function exported(hero: ReturnType<typeof svc.hero>): Promise<string> {
  const started = await hero.post<{ job_id: string }>('/api/export');
  expect(started.status).toBe(202);
  const id = started.body.job_id;
  const job = await svc.jobs.waitFor(EXPORT_QUEUE, id, 30_000);
  expect(job.state).toBe('completed');
  return id;
}

describe('exports', () => {
  it("builds the ZIP from quests' own rows and every other service's export route", async () => {
    const hero = svc.hero();
    const goal = await createGoal(hero, { title: '=Run, "fast"', milestones: ['Run 1K', 'Run 5K'] });
    await hero.post(`/api/milestones/${goal.milestones[0]!.id}/toggle`);
    await hero.post('/api/progress', { goalId: goal.id, value: 3, note: 'a, b' });
    const id = await exported(hero);

    const status = await hero.get(`/api/export/${id}`);
    expect(status.body).toEqual({
      status: 'done',
      progress: 100,
      download_url: `/api/export/${id}/download`,
      expires_at: '2027-03-02T10:00:00.000Z',
    });
    const res = await hero.request('GET', `/api/export/${id}/download`);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const archive = LifeQuestArchive.parse(JSON.parse(strFromU8(files['lifequest.json']!)));
    expect(archive.quests).toHaveLength(1);
    expect(archive.quests[0]!.milestones.map((m) => [m.title, m.is_completed])).toEqual([
      ['Run 1K', true],
      ['Run 5K', false],
    ]);
    expect(Object.keys(archive.services).sort()).toEqual(['ai', 'auth', 'quests', 'social']);
    expect(asked.filter((a) => a.endsWith(hero.userId)).sort()).toEqual(
      ['ai', 'auth', 'social'].map((s) => `${s}:${hero.userId}`),
    );
    // CSV cells are quoted where needed, and a leading '=' cannot become a spreadsheet formula.
    expect(strFromU8(files['quests.csv']!).split('\r\n')[1]).toMatch(/^[^,]+,"'=Run, ""fast""",/);
    expect(strFromU8(files['progress.csv']!)).toContain(',"a, b",');
    expect(strFromU8(files['xp.csv']!).split('\r\n')[1]).toBe(
      `${now.toISOString()},50,milestone_completed,,`,
    );
  });

  it('expires after 24 hours: unreadable at once, then removed by the sweep', async () => {
    const hero = svc.hero();
    const id = await exported(hero);
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect((await hero.get(`/api/export/${id}`)).status).toBe(404);
    expect((await hero.request('GET', `/api/export/${id}/download`)).status).toBe(404);
    const { id: sweep } = await svc.jobs.enqueue(TRANSFER_EXPIRY, { requestedBy: null });
    await svc.jobs.waitFor(TRANSFER_EXPIRY, sweep, 30_000);
    const rows = await svc.database.query('select id from quests.data_transfers where id = $1', [id]);
    expect(rows).toEqual([]);
    // The admin panel's jobs table lists the sweep with its last run, as every scheduled job.
    const jobs = (await svc.service('admin').get('/internal/quests/jobs')).body as { name: string }[];
    expect(jobs.find((job) => job.name === TRANSFER_EXPIRY)).toMatchObject({
      outcome: 'succeeded',
      summary: expect.stringMatching(/^\d+ expired export\(s\) and import\(s\) removed$/),
    });
  });

  it("goes with the hero: their exports' rows and jobs", async () => {
    const hero = svc.hero();
    const id = await exported(hero);
    await svc.publish('user.deleted', { userId: hero.userId });
    await svc.settled();
    expect(
      await svc.database.query('select id from quests.data_transfers where user_id = $1', [hero.userId]),
    ).toEqual([]);
    expect(await svc.jobs.getJob(EXPORT_QUEUE, id)).toBeNull();
  });

  it("another hero's export is 404", async () => {
    const id = await exported(svc.hero());
    const other = svc.hero();
    expect((await other.get(`/api/export/${id}`)).body).toMatchObject({ code: 'TRANSFER_NOT_FOUND' });
    expect((await other.request('GET', `/api/export/${id}/download`)).status).toBe(404);
  });
});
