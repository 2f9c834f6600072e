import {
  type DistributedLifeQuest,
  HeroClient,
  signedInAdmin,
  startDistributed,
  TEST_ADMIN_PASSWORD,
} from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import { addDays, type JobRun, toIsoDate } from '@lifequest/proto';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The calendar feed's public route through a gateway of its own process, and the scheduled jobs
// across processes: admin enqueues on BullMQ (Redis), the quests and social
// processes work their own queues and record each run, admin reads the runs back from them.
await describeWithInfra('postgres', 'scheduled jobs across processes', (postgresUrl) => {
  let lq: DistributedLifeQuest;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth', 'quests', 'social', 'admin'], {
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    });
  }, 120_000);

  afterAll(() => lq?.close());

  it('serves a hero’s calendar feed through the gateway to a client with no session', async () => {
    const hero = new HeroClient(lq.gateway.url, 'bearer');
    await hero.register('Planner');
    const deadline = addDays(toIsoDate(new Date()), 270);
    await hero.post('/api/goals', { title: 'Learn Spanish', deadline, milestones: ['Words'] });
    const { url } = (await hero.get<{ url: string }>('/api/calendar')).body;
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Quest deadline: Learn Spanish');
  });

  it('an admin runs every scheduled job now; each runs in its own service and is listed', async () => {
    const admin = await signedInAdmin(lq.gateway.url);
    for (const name of ['weekly-review', 'streak-rollover', 'data-transfer-expiry']) {
      expect((await admin.post(`/api/admin/jobs/${name}/run`)).status).toBe(202);
    }
    await expect
      .poll(
        async () => {
          const jobs = (await admin.get<JobRun[]>('/api/admin/jobs')).body;
          return jobs.map((job) => [job.name, job.outcome]);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toEqual([
        ['weekly-review', 'succeeded'],
        ['streak-rollover', 'succeeded'],
        ['data-transfer-expiry', 'succeeded'],
      ]);
    // A service that is down shows its job as unavailable; the page still answers.
    await lq.stop('social');
    const jobs = (await admin.get<JobRun[]>('/api/admin/jobs')).body;
    expect(jobs.map((job) => [job.name, job.outcome])).toEqual([
      ['weekly-review', 'succeeded'],
      ['streak-rollover', 'unavailable'],
      ['data-transfer-expiry', 'succeeded'],
    ]);
  });
});
