import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, toIsoDate } from '@lifequest/proto';
import type { APIResponse, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { ok, onboardedHero } from './support/heroes.ts';
import { PHONE, SCREENSHOT_DIR } from './support/screens.ts';
import { containsText, gone, hasCount, see } from './support/see.ts';

// A quest that fell behind is re-planned from its card: "Re-plan with The Pathfinder" shows on it (and
// on the goal detail of the Pathfinder page) and nowhere else, the proposal is shown beside the current
// plan, and Confirm updates the same card. In headless Chromium against `npm start` with the offline
// Pathfinder; the dialog photographed at 1280×860 and 390×844 (artifacts/screenshots/replan).

const journey = browserJourney('replan');
const { skipReason } = journey;
const WIDE = { width: 1280, height: 860 } as const;
const NARROW = { width: 390, height: 844 } as const;
const REPLAN = 'Re-plan with The Pathfinder';

/** The two plans sit side by side: the proposal's column starts right of the current one, level with it. */
async function besideEachOther(current: Locator, proposed: Locator): Promise<void> {
  const a = await current.boundingBox();
  const b = await proposed.boundingBox();
  if (!a || !b) throw new Error('both plans should be on screen');
  expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  expect(Math.abs(a.y - b.y)).toBeLessThan(4);
}

/** The JSON of an answer that must be a success. */
async function json<T = any>(call: Promise<APIResponse>): Promise<T> {
  const response = await call;
  await ok(Promise.resolve(response));
  return response.json() as Promise<T>;
}

async function photograph(page: Page, dir: string, name: string): Promise<void> {
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    await besideEachOther(page.getByTestId('replan-current'), page.getByTestId('replan-proposed'));
    await page.screenshot({
      path: join(dir, `${name}-${viewport.width}x${viewport.height}.png`),
      animations: 'disabled',
    });
  }
}

it.skipIf(skipReason !== null)(
  `a quest behind schedule → Re-plan with The Pathfinder → draft beside the current plan → Confirm updates the card${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const dir = join(SCREENSHOT_DIR, 'replan-sizes');
    mkdirSync(dir, { recursive: true });
    const page = await journey.newPage(PHONE);
    await page.setViewportSize(NARROW);
    const watched = watchForErrors(page);
    const request = page.context().request;
    await onboardedHero(request, 'Ysolde');
    // The server takes due dates from yesterday on: a milestone due yesterday is overdue today.
    const today = toIsoDate(new Date());
    const behind = await json(
      request.post('/api/goals', {
        data: {
          title: 'Run a 5K',
          deadline: addDays(today, 30),
          xpTotal: 150,
          milestones: [
            { title: 'Run 1K without stopping', dueDate: addDays(today, -1), xpReward: 30 },
            { title: 'Run 3K', dueDate: addDays(today, -1), xpReward: 40 },
            { title: 'Run the 5K', dueDate: addDays(today, 30), xpReward: 50 },
          ],
        },
      }),
    );
    await ok(request.post(`/api/milestones/${behind.milestones[0].id}/toggle`));
    await ok(
      request.post('/api/goals', {
        data: {
          title: 'Read 6 books',
          deadline: addDays(today, 180),
          milestones: [{ title: 'Read the first book', dueDate: addDays(today, 30), xpReward: 50 }],
        },
      }),
    );

    // The goal detail of the Pathfinder page offers it for the quest behind.
    await page.goto('/pathfinder');
    await see(page.getByRole('heading', { name: 'The Pathfinder', level: 1 }));
    await page.locator('[data-goal-id]', { hasText: 'Run a 5K' }).click();
    await see(page.getByTestId('goal-detail').getByRole('button', { name: REPLAN }));
    await page.locator('[data-goal-id]', { hasText: 'Read 6 books' }).click();
    await containsText(page.getByTestId('goal-detail'), 'Read 6 books');
    await hasCount(page.getByTestId('goal-detail').getByRole('button', { name: REPLAN }), 0);

    // The dashboard: only the quest behind offers a re-plan.
    await page.goto('/');
    await see(page.getByRole('heading', { name: 'Current Quests' }));
    await hasCount(page.getByRole('button', { name: REPLAN }), 1);
    for (const viewport of [WIDE, NARROW]) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: join(dir, `quest-behind-${viewport.width}x${viewport.height}.png`),
        animations: 'disabled',
      });
    }
    await page.getByRole('button', { name: REPLAN }).click();

    const dialog = page.getByRole('dialog', { name: REPLAN });
    await see(dialog.getByTestId('replan-proposed'));
    await see(dialog.getByTestId('replan-current'));
    await containsText(dialog.getByTestId('replan-current'), 'Run 3K');
    await containsText(dialog.getByTestId('replan-proposed'), 'Run 3K');
    await photograph(page, dir, 'replan-draft');
    await journey.screens.check(page, 'replan-draft');
    await page.setViewportSize(NARROW);

    // The title stays editable; Confirm re-plans the same quest.
    const title = dialog.getByRole('textbox', { name: 'Quest title' });
    await title.fill('Run a 5K, steadily');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await gone(dialog);
    await see(page.getByRole('heading', { name: 'Run a 5K, steadily' }));
    await hasCount(page.getByRole('heading', { name: 'Run a 5K', exact: true }), 0);
    await hasCount(page.getByRole('button', { name: REPLAN }), 0);

    const goals = await json<{ id: string; title: string }[]>(request.get('/api/goals'));
    expect(goals.find((g) => g.title === 'Run a 5K, steadily')?.id).toBe(behind.id);
    expect(goals).toHaveLength(2);
    const milestones = await json<{ id: string; goal_id: string; is_completed: boolean; due_date: string }[]>(
      request.get('/api/milestones'),
    );
    const mine = milestones.filter((m) => m.goal_id === behind.id);
    expect(mine.find((m) => m.id === behind.milestones[0].id)?.is_completed).toBe(true);
    for (const m of mine.filter((m) => !m.is_completed)) expect(m.due_date > today).toBe(true);
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: join(dir, 'replan-confirmed-1280x860.png'), animations: 'disabled' });
    await page.setViewportSize(NARROW);
    await page.screenshot({ path: join(dir, 'replan-confirmed-390x844.png'), animations: 'disabled' });

    journey.screens.finish();
    expectNoErrors(watched);
  },
  180_000,
);
