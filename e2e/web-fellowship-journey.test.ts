import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Locator, type Page, request } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { ok, onboardedHero } from './support/heroes.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { arrives, containsText, gone, hasAttribute, hasText, isDisabled, see } from './support/see.ts';

// The Fellowship Hall in a browser: two heroes befriend each other, one completes a milestone, the other sees it in
// the feed and likes it; a hero joins a challenge and sees progress; an admin sees users and cost and
// deletes a hero. One browser context per person against one `npm start`; every screen photographed
// at 1280 and 375 px and run through axe-core.

const journey = browserJourney('fellowship');
const { skipReason } = journey;

const LONG_NAME = 'Sir Bartholomew Maximilian Fitzgerald-Worthington the Unyielding Seeker';

/** A table's box shows all its columns: nothing hides past its right edge behind a sideways scroll. */
async function fitsWithoutScrolling(table: Locator): Promise<void> {
  const { scrollWidth, clientWidth } = await table.evaluate((box) => ({
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
  }));
  expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

async function openTab(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await hasAttribute(page.getByRole('tab', { name }), 'aria-selected', 'true');
}

/** Toggles the first open milestone of a quest on the dashboard. */
async function completeMilestone(page: Page, quest: string): Promise<string> {
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const open = page
    .getByRole('list', { name: `${quest} milestones` })
    .getByRole('button', { pressed: false })
    .first();
  const title = ((await open.locator('span span').first().textContent()) ?? '').trim();
  await open.click();
  await hasAttribute(page.getByRole('button', { name: new RegExp(title) }), 'aria-pressed', 'true');
  return title;
}

it.skipIf(skipReason !== null)(
  `two heroes befriend, a milestone reaches the feed and is liked, a challenge shows progress, an admin deletes a hero${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const aria = await journey.newPage(PHONE);
    const borin = await journey.newPage(DESKTOP);
    const ariaErrors = watchForErrors(aria);
    const borinErrors = watchForErrors(borin);
    const ariaQuest = 'Run a 5K';
    const borinQuest = 'Read 6 books';
    await onboardedHero(aria.context().request, 'Aria', {
      title: ariaQuest,
      milestones: ['Run 1K', 'Run 3K', 'Run 5K'],
    });
    const borinHero = await onboardedHero(borin.context().request, 'Borin', {
      title: borinQuest,
      milestones: ['Read two books', 'Read four books', 'Read six books'],
    });

    // Aria asks Borin to be her friend: Add Friend waits for an address.
    await aria.goto('/');
    await aria.getByRole('link', { name: 'Fellowship Hall' }).click();
    await see(aria.getByRole('heading', { name: 'Fellowship Hall', level: 1 }));
    await hasAttribute(aria.getByRole('tab', { name: 'Feed' }), 'aria-selected', 'true');
    await openTab(aria, 'Friends');
    await isDisabled(aria.getByRole('button', { name: 'Add Friend' }));
    await aria.getByLabel("Friend's e-mail").fill(borinHero.email);
    await aria.getByRole('button', { name: 'Add Friend' }).click();
    await see(aria.getByText('Friend Request Sent', { exact: true }));
    await journey.screens.check(aria, 'friends-request-sent');

    // Borin sees a red count on Requests and accepts.
    await borin.goto('/social');
    const badge = borin.getByTestId('requests-badge');
    await arrives(badge);
    await containsText(badge, '1');
    await openTab(borin, /^Requests/);
    await see(borin.getByText('Aria', { exact: true }));
    await journey.screens.check(borin, 'requests');
    await borin.getByRole('button', { name: 'Accept' }).click();
    await see(borin.getByText('Friend Added!', { exact: true }));
    await gone(badge);
    await openTab(borin, 'Friends');
    await see(borin.getByRole('list', { name: 'Your friends' }).getByText('Aria', { exact: true }));

    // Borin completes a milestone; Aria sees it in her feed and likes it.
    const milestone = await completeMilestone(borin, borinQuest);
    await aria.getByRole('link', { name: 'Fellowship Hall' }).click();
    await openTab(aria, 'Feed');
    const deed = aria.getByRole('listitem').filter({ hasText: milestone }).filter({ hasText: 'Borin' });
    await arrives(deed);
    await containsText(deed, 'Just now');
    const like = deed.getByRole('button', { name: /^Like:/ });
    await hasAttribute(like, 'aria-pressed', 'false');
    await like.click();
    await hasAttribute(like, 'aria-pressed', 'true');
    await hasText(like.getByTestId('like-count'), '1');
    await journey.screens.check(aria, 'feed-liked');
    // The like is Borin's to see too.
    await borin.goto('/social');
    const liked = borin.getByRole('listitem').filter({ hasText: milestone });
    await arrives(liked);
    await hasText(liked.getByTestId('like-count'), '1');

    // Rankings: both heroes, everyone or friends only.
    await openTab(aria, 'Rankings');
    await see(aria.locator('li[data-rank]').filter({ hasText: 'Borin' }));
    await aria.getByRole('button', { name: 'Friends', exact: true }).click();
    await see(aria.locator('li[data-rank]').filter({ hasText: '(you)' }));
    await journey.screens.check(aria, 'rankings');

    // Aria joins this week's health challenge, completes a run, and sees her progress and rank.
    await openTab(aria, 'Challenges');
    const vitality = aria.getByTestId('challenge').filter({ hasText: 'Vitality Week' });
    await see(vitality);
    await vitality.getByRole('button', { name: 'Join Challenge' }).click();
    await see(aria.getByText('Challenge Joined!', { exact: true }));
    const progress = vitality.getByTestId('challenge-progress');
    await containsText(progress, '0/5');
    await containsText(progress, 'Rank #1');
    await completeMilestone(aria, ariaQuest);
    await aria.getByRole('link', { name: 'Fellowship Hall' }).click();
    await openTab(aria, 'Challenges');
    await arrives(progress.getByText('1/5'));
    await containsText(progress, 'Rank #1');
    await journey.screens.check(aria, 'challenge-progress');

    // Aria asks the AI Coach once, so the admin has usage to see; the panel is not hers to open.
    await ok(
      aria
        .context()
        .request.post('/api/advisor/message', { data: { message: 'I want to run a 5K in two months' } }),
    );
    await aria.goto('/admin');
    await see(aria.getByTestId('admin-refusal'));
    await see(aria.getByRole('heading', { name: 'Admin Only' }));
    await journey.screens.check(aria, 'admin-refused');

    // A hero with a long name and e-mail who has used the AI too: the admin's tables must still fit.
    const seeker = await request.newContext({ baseURL: journey.app.url });
    const seekerHero = await onboardedHero(seeker, LONG_NAME);
    await ok(seeker.post('/api/advisor/message', { data: { message: 'I want to read 12 books this year' } }));
    await seeker.dispose();

    // The admin (its password is in the data dir on `npm start`) sees users and cost, and deletes Borin.
    const [adminEmail, adminPassword] = readFileSync(join(journey.dataDir, 'admin-password.txt'), 'utf8')
      .trim()
      .split(' ');
    const admin = await journey.newPage(DESKTOP);
    const adminErrors = watchForErrors(admin);
    await ok(
      admin
        .context()
        .request.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } }),
    );
    // Every hero, the admin included, goes through onboarding before the app (docs/product.md#onboarding).
    await ok(
      admin.context().request.post('/api/auth/complete-onboarding', {
        data: { displayName: 'Keeper', primaryClass: 'general', firstGoal: null },
      }),
    );
    await admin.goto('/');
    await admin.getByRole('link', { name: 'Admin' }).click();
    await see(admin.getByRole('heading', { name: 'Admin Panel' }));
    const users = admin.getByRole('region', { name: 'Users table' });
    const borinRow = users.locator(`tr[data-user-email="${borinHero.email}"]`);
    await arrives(borinRow);
    await containsText(borinRow, 'Active');
    await containsText(borinRow, /\$\d+\.\d{4}/);
    const ariaRow = users.locator('tr').filter({ hasText: 'Aria' });
    await arrives(ariaRow.filter({ hasText: /[1-9][\d,]*\s*\$/ }));
    await see(admin.getByRole('heading', { name: 'Token Usage' }));
    await see(admin.getByText('Daily cost and tokens, last 30 days.'));
    await containsText(admin.getByRole('region', { name: 'Daily token usage table' }), 'advisor');
    await see(admin.getByTestId('cost-chart').locator('svg').first());
    // At 1280 px every column fits, the long-named hero's delete button included; names wrap instead.
    const seekerRow = users.locator(`tr[data-user-email="${seekerHero.email}"]`);
    await arrives(seekerRow);
    await fitsWithoutScrolling(users);
    await see(seekerRow.getByRole('button', { name: `Delete ${LONG_NAME} (${seekerHero.email})` }));
    const spenders = admin.getByRole('region', { name: 'Top spenders table' });
    await arrives(spenders.getByText(LONG_NAME));
    await fitsWithoutScrolling(spenders);
    await journey.screens.check(admin, 'admin');
    admin.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        `Are you sure you want to delete Borin (${borinHero.email})? This will permanently remove all their data.`,
      );
      void dialog.accept();
    });
    await borinRow.getByRole('button', { name: `Delete Borin (${borinHero.email})` }).click();
    await see(admin.getByText('User Deleted', { exact: true }));
    await see(admin.getByText('User and all associated data has been removed.', { exact: true }));
    await gone(borinRow);
    await journey.screens.check(admin, 'admin-hero-deleted');

    journey.screens.finish();
    for (const watched of [ariaErrors, borinErrors, adminErrors]) expectNoErrors(watched);
  },
  300_000,
);
