import { randomUUID } from 'node:crypto';
import { addDays, type Milestone, toIsoDate } from '@lifequest/proto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createGoal, useQuests } from '../testing/test-kit.ts';

const svc = useQuests();

// Dates ahead of today, so the server never refuses them as past whenever the suite runs.
const today = toIsoDate(new Date());
const RUN_3K = addDays(today, 60);
const RUN_5K = addDays(today, 150);
const DEADLINE = addDays(today, 210);

/** The feed at `url`, fetched with no session at all, as a calendar app would. */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url);
  return fetch(new URL(pathname, svc.url('quests')), { headers });
}

/** The feed's events, read by a real iCalendar parser. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      sequence: event.sequence,
      lastModified: vevent.getFirstPropertyValue('last-modified')?.toString(),
    };
  });
}

describe('the calendar feed', () => {
  it('has an all-day event per quest deadline and open milestone due date, with stable UIDs', async () => {
    const hero = svc.hero();
    const goal = await createGoal(hero, {
      title: 'Run a 5K',
      deadline: DEADLINE,
      milestones: [
        { title: 'Run 3K', due_date: RUN_3K },
        { title: 'Run 5K', due_date: RUN_5K },
      ],
    });
    // A quest without dates of its own gets the fallback plan's (90 days out): it is in the feed too.
    await createGoal(hero, { title: 'Read more', milestones: ['Someday'] });
    const address = await hero.get('/api/calendar');
    expect(address.status).toBe(200);
    expect(address.body.url).toMatch(/\/api\/calendar\/feed\/lqs_[\w-]{43}\.ics$/);
    // Asked again: the same address.
    expect((await hero.get('/api/calendar')).body.url).toBe(address.body.url);

    const first = await fetchFeed(address.body.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await first.text();
    const events = eventsOf(text);
    expect(events.some((e) => e.summary === 'Quest deadline: Read more')).toBe(true);
    const dated = events.filter((e) => e.summary?.includes('Run a 5K'));
    expect(dated.map(({ summary, start, allDay }) => ({ summary, start, allDay }))).toEqual([
      { summary: 'Run 3K (Run a 5K)', start: RUN_3K, allDay: true },
      { summary: 'Run 5K (Run a 5K)', start: RUN_5K, allDay: true },
      { summary: 'Quest deadline: Run a 5K', start: DEADLINE, allDay: true },
    ]);
    for (const event of events) {
      expect(event.uid).toMatch(/^(quest|milestone)-[0-9a-f-]{36}@lifequest$/);
      expect(event.lastModified).toEqual(expect.any(String));
    }
    expect(events.find((e) => e.summary === 'Quest deadline: Run a 5K')?.uid).toBe(
      `quest-${goal.id}@lifequest`,
    );

    // Fetched again: the same UIDs; unchanged, so its ETag answers 304.
    const second = await fetchFeed(address.body.url);
    expect(eventsOf(await second.text()).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    const etag = second.headers.get('etag')!;
    expect((await fetchFeed(address.body.url, { 'if-none-match': etag })).status).toBe(304);

    // A completed milestone leaves the feed; reopened, it is back with a higher SEQUENCE.
    const [run3k] = (await hero.get<Milestone[]>('/api/milestones')).body.filter((m) => m.title === 'Run 3K');
    await hero.post(`/api/milestones/${run3k!.id}/toggle`);
    const afterDone = eventsOf(await (await fetchFeed(address.body.url)).text());
    expect(afterDone.map((e) => e.summary)).not.toContain('Run 3K (Run a 5K)');
    await hero.post(`/api/milestones/${run3k!.id}/toggle`);
    const reopened = eventsOf(await (await fetchFeed(address.body.url)).text());
    const back = reopened.find((e) => e.summary === 'Run 3K (Run a 5K)');
    const before = events.find((e) => e.summary === 'Run 3K (Run a 5K)');
    expect(back?.uid).toBe(before?.uid);
    expect(back!.sequence).toBeGreaterThan(before!.sequence);
    // An ETag from before the change no longer matches.
    expect((await fetchFeed(address.body.url, { 'if-none-match': etag })).status).toBe(200);

    // A deleted quest leaves it.
    expect((await hero.delete(`/api/goals/${goal.id}`)).status).toBeLessThan(300);
    const afterDelete = eventsOf(await (await fetchFeed(address.body.url)).text());
    expect(afterDelete.filter((e) => e.summary?.includes('Run a 5K'))).toEqual([]);
  });

  it('a rotated address replaces the old one, which answers 404 at once; a guessed one is 404', async () => {
    const hero = svc.hero();
    const old = (await hero.get('/api/calendar')).body.url;
    const rotated = await hero.post('/api/calendar/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(rotated.body.url)).status).toBe(200);
    expect((await hero.get('/api/calendar')).body.url).toBe(rotated.body.url);
    const guessed = `http://x/api/calendar/feed/lqs_${'A'.repeat(43)}.ics`;
    const answer = await fetchFeed(guessed);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('lqs_');
  });

  it('is the hero’s own: another hero gets their own address, and one without a session none', async () => {
    const a = svc.hero();
    const b = svc.hero(randomUUID());
    expect((await a.get('/api/calendar')).body.url).not.toBe((await b.get('/api/calendar')).body.url);
    expect((await svc.anonymous().get('/api/calendar')).status).toBe(401);
  });
});
