import { type APIRequestContext, type APIResponse, type Page, request } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { ok, onboardedHero } from './support/heroes.ts';
import { PHONE } from './support/screens.ts';
import { containsText, gone, hasAttribute, see, settles } from './support/see.ts';

// LifeQuest on a phone without a connection (docs/features/offline-app.md): the app opens offline
// with the hero's last data, a check-off made offline waits (pending) through a closed tab, and is
// replayed when the connection returns; one whose milestone another device deleted meanwhile is
// reported, not dropped.

const journey = browserJourney('offline');
const { skipReason } = journey;

const QUEST = 'Run a 5K';
const DOOMED = 'Paint the fence';

const milestone = (page: Page, quest: string, title: string) =>
  page.getByRole('list', { name: `${quest} milestones` }).getByRole('button', { name: new RegExp(title) });

/** The service worker controls the page and the hero's data is on disk: what an offline start needs. */
async function readyForOffline(page: Page): Promise<void> {
  // Page code as text: the root tsconfig has no DOM types.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await settles(() => keptHeroes(page)).toBe(1);
}

/** How many heroes' data this browser keeps in IndexedDB (web/src/offline/persist.ts). */
function keptHeroes(page: Page): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const open = indexedDB.open('lifequest-offline-cache');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('heroes')) return resolve(0);
      const count = db.transaction('heroes').objectStore('heroes').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => resolve(0);
    };
    open.onerror = () => resolve(0);
  })`);
}

/** The answer's JSON, once it is a 2xx. */
async function json<T>(call: Promise<APIResponse>): Promise<T> {
  const response = await call;
  if (!response.ok()) throw new Error(`HTTP ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function signedIn(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const device = await request.newContext({ baseURL });
  await ok(device.post('/api/auth/login', { data: { email, password } }));
  return device;
}

it.skipIf(skipReason !== null)(
  `opens offline, keeps a check-off through a closed tab, replays it online and reports one refused${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const page = await journey.newPage(PHONE);
    const context = page.context();
    // The service worker and the manifest are the app's own: the strict CSP lets them be.
    const errors = watchForErrors(page);
    const hero = await onboardedHero(context.request, 'Nia', {
      title: QUEST,
      milestones: ['Run 1K', 'Run 3K', 'Run 5K'],
    });
    const doomed = await json<{ id: string }>(
      context.request.post('/api/goals', { data: { title: DOOMED, milestones: ['Buy paint', 'Paint'] } }),
    );
    // The hero's other device: its own session, its own network.
    const otherDevice = await signedIn(journey.app.url, hero.email, hero.password);

    await page.goto('/');
    await see(milestone(page, QUEST, 'Run 1K'));
    await see(milestone(page, DOOMED, 'Buy paint'));
    await readyForOffline(page);

    // Offline, the reload is answered by the service worker and the kept data.
    await context.setOffline(true);
    await page.reload();
    await containsText(page.getByTestId('offline-banner'), 'You are offline since');
    await see(milestone(page, QUEST, 'Run 1K'));
    await journey.screens.check(page, 'offline dashboard');

    // Ticked offline: drawn done at once, marked as waiting to sync.
    await milestone(page, QUEST, 'Run 1K').click();
    await hasAttribute(milestone(page, QUEST, 'Run 1K'), 'aria-pressed', 'true');
    await see(milestone(page, QUEST, 'Run 1K').getByTestId('milestone-pending'));
    await milestone(page, DOOMED, 'Buy paint').click();
    await see(milestone(page, DOOMED, 'Buy paint').getByTestId('milestone-pending'));
    await containsText(page.getByTestId('offline-banner'), '2 changes wait to sync');

    // Meanwhile the other device deletes the second quest.
    await ok(otherDevice.delete(`/api/goals/${doomed.id}`));

    expectNoErrors(errors);
    // The tab is closed; a new one, still offline, still shows both as pending.
    await page.close();
    const again = await context.newPage();
    await again.goto('/');
    await see(again.getByTestId('offline-banner'));
    await see(milestone(again, QUEST, 'Run 1K').getByTestId('milestone-pending'));
    await hasAttribute(milestone(again, QUEST, 'Run 1K'), 'aria-pressed', 'true');
    await see(milestone(again, DOOMED, 'Buy paint').getByTestId('milestone-pending'));

    // Back online: replayed in order; the refused one is reported, the other is done on the server.
    await context.setOffline(false);
    await gone(again.getByTestId('offline-banner'));
    const refusals = again.getByTestId('sync-refusals');
    await containsText(refusals, '"Buy paint" marked done: Milestone not found');
    await gone(again.getByTestId('milestone-pending'));
    await hasAttribute(milestone(again, QUEST, 'Run 1K'), 'aria-pressed', 'true');
    await gone(again.getByRole('list', { name: `${DOOMED} milestones` }));

    const onServer = await json<{ title: string; is_completed: boolean }[]>(
      otherDevice.get('/api/milestones'),
    );
    expect(onServer.find((m) => m.title === 'Run 1K')?.is_completed).toBe(true);
    const ledger = await json<{ totalXP: number }>(otherDevice.get('/api/auth/me'));
    expect(ledger.totalXP).toBeGreaterThan(0);
    await settles(() => again.getByTestId('header-xp').first().textContent()).toBe(`${ledger.totalXP} XP`);
    await journey.screens.check(again, 'replayed with a refusal');
    await otherDevice.dispose();

    // Signing out leaves nothing of the hero's data in this browser.
    await again.getByRole('button', { name: 'Logout' }).click();
    await settles(() => keptHeroes(again)).toBe(0);
    journey.screens.finish();
  },
  180_000,
);
