import { call, callOk } from './load.ts';

export interface SeededHero {
  email: string;
  userId: string;
  sessionId: string;
  /** `Authorization: Bearer`, the way the web sends its stored session id. */
  headers: Record<string, string>;
  /** Milestones of the hero's quests, for toggles. */
  milestoneIds: string[];
}

export interface DataSet {
  heroes: SeededHero[];
  /** Whether the social service answered, so feed, rankings and friends were seeded too. */
  social: boolean;
  counts: Record<string, number>;
}

export interface SeedOptions {
  heroes: number;
  questsPerHero: number;
  milestonesPerQuest: number;
  /** Runs this many heroes at once. */
  parallel?: number;
}

const FOCUS = [
  'Run a 10K',
  'Save $5,000',
  'Read 12 books',
  'Meditate daily',
  'Learn Spanish',
  'Budget monthly',
];

/**
 * Seeds a realistic data set through the gateway's public API, as heroes would: register, onboard
 * with a first quest, create the rest of their quests, complete about a third of the milestones
 * (XP ledger, feed activity), befriend their neighbours, and ask for a story. Slower than SQL, but
 * every row is written by the code that owns it, with its events.
 */
export async function seedThroughApi(gateway: string, options: SeedOptions): Promise<DataSet> {
  const runId = Math.random().toString(36).slice(2, 8);
  const heroes: SeededHero[] = [];
  const counts = { heroes: 0, quests: 0, milestones: 0, completed: 0, friendships: 0, stories: 0 };
  const indexes = [...Array(options.heroes).keys()];
  await inParallel(indexes, options.parallel ?? 4, async (i) => {
    const email = `bench-${runId}-${i}@example.com`;
    const { user, sessionId } = await callOk<{ user: { id: string }; sessionId: string }>(
      `${gateway}/api/auth/register`,
      { method: 'POST', body: { email, password: 'correct horse battery', name: `Hero ${i}` } },
    );
    const headers = { authorization: `Bearer ${sessionId}` };
    const hero: SeededHero = { email, userId: user.id, sessionId, headers, milestoneIds: [] };
    heroes[i] = hero;
    counts.heroes++;
    const milestoneTitles = (q: number) =>
      Array.from({ length: options.milestonesPerQuest }, (_, m) => `Step ${m + 1} of quest ${q + 1}`);
    await callOk(`${gateway}/api/auth/complete-onboarding`, {
      method: 'POST',
      headers,
      body: {
        displayName: `Hero ${i}`,
        primaryClass: 'general',
        firstGoal: {
          title: FOCUS[i % FOCUS.length],
          deadline: null,
          className: 'general',
          milestones: milestoneTitles(0).map((title) => ({ title, completed: false })),
        },
      },
    });
    for (let q = 1; q < options.questsPerHero; q++) {
      await callOk(`${gateway}/api/goals`, {
        method: 'POST',
        headers,
        body: {
          title: `${FOCUS[(i + q) % FOCUS.length]} #${q}`,
          description: 'Seeded by npm run bench',
          milestones: milestoneTitles(q).map((title, m) => ({ title, xpReward: 5 + m })),
        },
      });
    }
    const milestones = await callOk<{ id: string }[]>(`${gateway}/api/milestones`, { headers });
    hero.milestoneIds = milestones.map((m) => m.id);
    counts.quests += options.questsPerHero;
    counts.milestones += milestones.length;
    for (const [m, milestone] of milestones.entries()) {
      if (m % 3 !== 0) continue;
      await callOk(`${gateway}/api/milestones/${milestone.id}/toggle`, { method: 'POST', headers });
      counts.completed++;
    }
  });
  const social = await socialAnswers(gateway, heroes[0]!.headers);
  if (social) {
    // Each hero asks the next one; the next one accepts: a ring of friendships.
    await inParallel(heroes, options.parallel ?? 4, async (hero, i) => {
      const next = heroes[(i + 1) % heroes.length]!;
      if (next === hero) return;
      await callOk(`${gateway}/api/friends/request`, {
        method: 'POST',
        headers: hero.headers,
        body: { email: next.email },
      });
    });
    await inParallel(heroes, options.parallel ?? 4, async (hero) => {
      const requests = await callOk<{ id: string }[]>(`${gateway}/api/friends/requests`, {
        headers: hero.headers,
      });
      for (const request of requests) {
        await callOk(`${gateway}/api/friends/requests/${request.id}`, {
          method: 'PATCH',
          headers: hero.headers,
          body: { action: 'accept' },
        });
        counts.friendships++;
      }
    });
  }
  await inParallel(heroes, options.parallel ?? 4, async (hero) => {
    const reply = await call(`${gateway}/api/narrative/generate`, {
      method: 'POST',
      headers: hero.headers,
      body: {},
    });
    if (reply.status === 201 || reply.status === 202) counts.stories++;
  });
  return { heroes, social, counts };
}

/** The social service joins the data set once it serves the Fellowship Hall. */
export async function socialAnswers(gateway: string, headers: Record<string, string>): Promise<boolean> {
  const [feed, friends] = await Promise.all([
    call(`${gateway}/api/social/feed`, { headers }),
    call(`${gateway}/api/friends`, { headers }),
  ]);
  return feed.status === 200 && friends.status === 200;
}

export async function inParallel<T>(
  items: readonly T[],
  parallel: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}
