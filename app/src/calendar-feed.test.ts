import { addDays, toIsoDate } from '@lifequest/proto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HeroClient, startLifeQuest, type TestLifeQuest } from './testing/index.ts';

// The calendar feed through the gateway: a calendar app holds only the address, no session.
let app: TestLifeQuest;
beforeAll(async () => {
  app = await startLifeQuest();
}, 60_000);
afterAll(() => app?.close());

it('serves the feed at the address it gives, to a client with no session, on the host the hero used', async () => {
  const hero = new HeroClient(app.url, 'bearer');
  await hero.register('Planner');
  const today = toIsoDate(new Date());
  await hero.post('/api/goals', {
    title: 'Learn Spanish',
    deadline: addDays(today, 270),
    milestones: [{ title: 'Words', due_date: addDays(today, 45) }],
  });
  const { url } = (await hero.get('/api/calendar')).body as { url: string };
  expect(new URL(url).host).toBe(new URL(app.url).host);
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const summaries = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary);
  expect(summaries).toEqual(
    expect.arrayContaining(['Words (Learn Spanish)', 'Quest deadline: Learn Spanish']),
  );

  const rotated = (await hero.post('/api/calendar/rotate')).body as { url: string };
  expect((await fetch(url)).status).toBe(404);
  expect((await fetch(rotated.url)).status).toBe(200);
});
