import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { ok, onboardedHero } from './support/heroes.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from './support/screens.ts';
import { arrives, containsText, gone, hasAttribute, leaves, see } from './support/see.ts';

// The Fellowship Hall's privacy controls in a browser (docs/features/hall-privacy.md): a request shows
// who asks, a hero removes their own feed entry, leaves the global rankings from the profile, and
// unfriends from the Friends tab. Every changed screen is photographed (and run through axe) at the
// journey's widths, and once more at 1280×860 and 390×844.

const journey = browserJourney('hall-privacy');
const { skipReason } = journey;

const LAPTOP = { width: 1280, height: 860 } as const;
const HANDSET = { width: 390, height: 844 } as const;

/** The axe check and 375/1280 pictures of the journey, plus full pictures at 1280×860 and 390×844. */
async function photograph(page: Page, name: string): Promise<void> {
  await journey.screens.check(page, name);
  const before = page.viewportSize();
  for (const viewport of [LAPTOP, HANDSET]) {
    await page.setViewportSize(viewport);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    const file = join(SCREENSHOT_DIR, 'hall-privacy', `${name}-${viewport.width}x${viewport.height}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
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
  `a request shows who asks; a hero removes their own entry, leaves the rankings and unfriends${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const dara = await journey.newPage(DESKTOP);
    const enzo = await journey.newPage(PHONE);
    const daraErrors = watchForErrors(dara);
    const enzoErrors = watchForErrors(enzo);
    const quest = 'Swim 1K';
    const daraHero = await onboardedHero(dara.context().request, 'Dara', {
      title: quest,
      milestones: ['Swim 200m', 'Swim 500m', 'Swim 1K'],
    });
    const enzoHero = await onboardedHero(enzo.context().request, 'Enzo');
    await ok(dara.context().request.post('/api/friends/request', { data: { email: enzoHero.email } }));

    // Enzo sees who asks: Dara's name, and under it her address, masked.
    await enzo.goto('/social?tab=requests');
    const asking = enzo.getByRole('list', { name: 'Friend requests' }).getByRole('listitem');
    await arrives(asking.filter({ hasText: 'Dara' }));
    const hint = asking.getByTestId('email-hint');
    await see(hint);
    const [local, domain] = daraHero.email.split('@');
    expect(await hint.textContent()).toBe(`${local?.[0]}***${local?.at(-1)}@${domain}`);
    await photograph(enzo, 'requests-who-asks');
    await enzo.getByRole('button', { name: 'Accept' }).click();
    await see(enzo.getByText('Friend Added!', { exact: true }));

    // Dara completes a milestone; Enzo sees it; Dara removes it from the Hall, after a confirmation.
    await dara.goto('/');
    const milestone = await completeMilestone(dara, quest);
    await dara.getByRole('link', { name: 'Fellowship Hall' }).click();
    const mine = dara
      .getByRole('listitem')
      .filter({ hasText: milestone })
      .filter({ hasText: 'Milestone Reached' });
    await arrives(mine);
    await enzo.goto('/social');
    const seen = enzo.getByRole('listitem').filter({ hasText: milestone });
    await arrives(seen);
    // Only the hero's own entries offer removal.
    await expect(seen.getByRole('button', { name: /^Remove from the Hall/ }).count()).resolves.toBe(0);
    await photograph(dara, 'feed-own-entry');
    await mine.getByRole('button', { name: /^Remove from the Hall/ }).click();
    const confirm = dara.getByRole('alertdialog');
    await see(confirm);
    await containsText(confirm, 'leaves your feed and every friend’s');
    await photograph(dara, 'feed-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await see(dara.getByText('Removed from the Hall', { exact: true }));
    await gone(mine);
    await leaves(seen);

    // Dara leaves the global rankings from her profile; her friends still rank her.
    await dara.getByRole('link', { name: 'My Profile' }).click();
    const rankedSwitch = dara.getByRole('switch', { name: /Show me in the global rankings/ });
    await see(rankedSwitch);
    await rankedSwitch.click();
    await see(dara.getByText('You are hidden from the global rankings: only your friends see your place.'));
    await photograph(dara, 'profile-hidden-from-rankings');
    await dara.getByRole('link', { name: 'Fellowship Hall' }).click();
    await openTab(dara, 'Rankings');
    await see(dara.getByTestId('hidden-from-rankings'));
    await see(dara.locator('li[data-rank]').first());
    await expect(dara.locator('li[data-rank]').filter({ hasText: '(you)' }).count()).resolves.toBe(0);
    await photograph(dara, 'rankings-hidden');
    await enzo.goto('/social?tab=leaderboard');
    await see(enzo.locator('li[data-rank]').filter({ hasText: 'Enzo' }));
    await expect(enzo.locator('li[data-rank]').filter({ hasText: 'Dara' }).count()).resolves.toBe(0);
    await enzo.getByRole('button', { name: 'Friends', exact: true }).click();
    await arrives(enzo.locator('li[data-rank]').filter({ hasText: 'Dara' }));

    // Enzo unfriends Dara from the Friends tab, after a confirmation; both lists empty.
    await openTab(enzo, 'Friends');
    const friendRow = enzo
      .getByRole('list', { name: 'Your friends' })
      .getByRole('listitem')
      .filter({ hasText: 'Dara' });
    await see(friendRow);
    await photograph(enzo, 'friends-with-actions');
    await friendRow.getByRole('button', { name: 'Unfriend Dara' }).click();
    const unfriend = enzo.getByRole('alertdialog');
    await containsText(unfriend, 'Dara leaves your friends');
    await photograph(enzo, 'friends-unfriend-confirm');
    await unfriend.getByRole('button', { name: 'Unfriend' }).click();
    await see(enzo.getByText('Friend Removed', { exact: true }));
    await see(enzo.getByText('No friends yet', { exact: true }));
    await photograph(enzo, 'friends-after-unfriend');
    await dara.goto('/social?tab=friends');
    await arrives(dara.getByText('No friends yet', { exact: true }));

    journey.screens.finish();
    for (const watched of [daraErrors, enzoErrors]) expectNoErrors(watched);
  },
  300_000,
);
