import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { HERO_PASSWORD, ok, onboardedHero } from './support/heroes.ts';
import { DESKTOP, freshScreenshotDir } from './support/screens.ts';
import { gone, hasCount, isDisabled, see } from './support/see.ts';

// A hero's own data on the profile (docs/features/data-ownership.md) in a real browser against
// `npm start`: the XP history's list and chart, "Download my data" with its progress and an import's
// result, then "Delete my account" behind the password and a typed
// DELETE. The profile is photographed at 1280×860 and 390×844 (artifacts/screenshots/data-ownership).

const journey = browserJourney('data-ownership');
const SIZES = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;

async function photograph(page: Page, dir: string, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    await page.screenshot({
      path: join(dir, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth'),
      `${name} at ${size.width}`,
    ).toBe(size.width);
  }
  await page.setViewportSize(SIZES[0]);
}

it.skipIf(journey.skipReason)(
  'shows the XP history as a list and a chart, then deletes the account',
  async () => {
    const dir = freshScreenshotDir('data-ownership');
    const page = await journey.newPage(DESKTOP);
    await page.setViewportSize(SIZES[0]);
    const watched = watchForErrors(page);
    await onboardedHero(page.request, 'Ottilie', {
      title: 'Run a 10K',
      milestones: ['Run 3K', 'Run 5K', 'Run 8K'],
    });
    const milestones = (await (await page.request.get('/api/milestones')).json()) as { id: string }[];
    // Two milestones done, the first taken back: the history holds a negative line.
    for (const id of [milestones[0]!.id, milestones[1]!.id, milestones[0]!.id]) {
      await ok(page.request.post(`/api/milestones/${id}/toggle`));
    }

    await page.goto('/profile');
    const history = page.getByRole('list', { name: 'XP history' });
    await see(history);
    await hasCount(history.getByRole('listitem'), 3);
    await see(history.getByText(/^-\d+ XP$/));
    const chart = page.getByRole('img', { name: 'Total XP by day' });
    await see(chart);
    expect(await chart.locator('polyline').getAttribute('points')).toMatch(/\d/);
    await photograph(page, dir, '01-profile');

    // Download my data: a job with a progress bar, then the ZIP arrives as a download.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await see(page.getByRole('progressbar', { name: 'Export progress' }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('lifequest-export.zip');
    await see(page.getByText('Your data is ready: downloaded.'));
    // Import: Habitica's user data; the result says what came in, what did not and that it earns no XP.
    await page.getByLabel('Import a LifeQuest export or Habitica data').setInputFiles({
      name: 'habitica-user-data.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          tasks: {
            todos: [
              {
                id: 't1',
                type: 'todo',
                text: 'Renew passport',
                checklist: [{ text: 'Photo', completed: true }],
              },
            ],
            dailys: [],
            habits: [],
            rewards: [{ id: 'r1', type: 'reward', text: 'Watch an episode' }],
          },
        }),
      ),
    });
    const result = page.getByTestId('import-result');
    await see(result.getByText('Imported 1 quests, 1 milestones and 0 progress entries.'));
    await see(result.getByText('Imported history earns no XP.'));
    await see(result.getByText('Reward "Watch an episode": LifeQuest has no rewards shop'));
    await photograph(page, dir, '01b-data-transfer');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const submit = page.getByRole('button', { name: 'Delete my account forever' });
    await page.getByLabel('Your password').fill('not the password');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await submit.click();
    await see(page.getByRole('alert').getByText('That password is not right.'));
    await page.getByLabel('Your password').fill(HERO_PASSWORD);
    // A new password clears the old refusal.
    await gone(page.getByRole('alert'));
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await isDisabled(submit);
    await photograph(page, dir, '02-delete-form');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await submit.click();

    await gone(page.getByRole('list', { name: 'XP history' }));
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    // No 5xx, no uncaught error (the wrong password's 401 is an answer, not an error).
    expectNoErrors(watched);
  },
  180_000,
);
