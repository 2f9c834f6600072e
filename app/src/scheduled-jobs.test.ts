import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

// The admin panel's scheduled jobs through the whole app: run one now (202), see its last run.
let app: TestLifeQuest;
let admin: HeroClient;
let hero: HeroClient;

beforeAll(async () => {
  app = await startLifeQuest({ ADMIN_EMAILS: 'admin@example.com', ADMIN_PASSWORD: 'correct horse admin' });
  admin = new HeroClient(app.url, 'bearer');
  expect(
    (await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'correct horse admin' }))
      .status,
  ).toBe(200);
  hero = new HeroClient(app.url, 'bearer');
  await hero.register('Runner');
}, 60_000);
afterAll(() => app?.close());

it('lists every scheduled job the services run, never run yet', async () => {
  const jobs = await admin.get('/api/admin/jobs');
  expect(jobs.status).toBe(200);
  expect(jobs.body).toEqual([
    expect.objectContaining({ name: 'weekly-review', outcome: 'never', last_run_at: null }),
    expect.objectContaining({ name: 'streak-rollover', outcome: 'never', last_run_at: null }),
    expect.objectContaining({ name: 'data-transfer-expiry', outcome: 'never', last_run_at: null }),
  ]);
});

it.each(['weekly-review', 'streak-rollover', 'data-transfer-expiry'])(
  'an admin runs %s at once; its run is listed',
  async (name) => {
    const run = await admin.post(`/api/admin/jobs/${name}/run`);
    expect(run).toMatchObject({ status: 202, body: { name, id: expect.any(String) } });
    const listed = await vi.waitFor(
      async () => {
        const jobs = (await admin.get('/api/admin/jobs')).body as { name: string; outcome: string }[];
        const job = jobs.find((j) => j.name === name);
        if (job?.outcome !== 'succeeded') throw new Error(`not run yet: ${JSON.stringify(job)}`);
        return job;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(listed).toMatchObject({ last_run_at: expect.any(String), duration_ms: expect.any(Number) });
  },
);

it('refuses a hero (403) and an unknown job (404)', async () => {
  expect((await hero.post('/api/admin/jobs/weekly-review/run')).status).toBe(403);
  expect((await hero.get('/api/admin/jobs')).status).toBe(403);
  const unknown = await admin.post('/api/admin/jobs/rm-rf/run');
  expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
});
