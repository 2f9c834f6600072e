import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { onboardedHero } from './support/heroes.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { containsText, gone, hasAttribute, hasCount, isDisabled, see, settles } from './support/see.ts';

// The Pathfinder in a browser: the AI Coach proposes a plan and Confirm puts the quest on the dashboard; the
// floating chat creates a quest; an epic story appears in the chronicles. In headless Chromium against
// `npm start` with the offline Pathfinder, walked at phone width; every screen photographed at 1280
// and 375 px and run through axe-core.

const journey = browserJourney('pathfinder');
const { skipReason } = journey;

/** Talks to the AI Coach until it proposes a plan, agreeing when it asks to go ahead. */
async function askCoachForPlan(page: Page): Promise<void> {
  const coach = page.getByTestId('ai-coach');
  const replies = coach.locator('li[data-role="assistant"]');
  const box = page.getByRole('textbox', { name: 'Message the AI Coach' });
  // The stored conversation (here only the coach's opening words) is shown before anything is said.
  await see(page.getByRole('region', { name: 'Conversation with the AI Coach' }));
  await hasCount(replies, 1);
  let message = 'I want to read 12 books in four months';
  for (let turn = 1; turn <= 4; turn++) {
    const before = await replies.count();
    await box.fill(message);
    await box.press('Enter');
    await hasCount(replies, before + 1);
    if (await page.getByTestId('plan-proposal').isVisible()) return;
    const said = (await replies.last().textContent()) ?? '';
    if (!/\byes\b/i.test(said))
      throw new Error(`The coach asked something the journey cannot answer:\n${said}`);
    message = 'yes';
  }
  throw new Error('The AI Coach never proposed a plan');
}

/**
 * A toast stays until it is closed (docs/product.md#screens), so it must not sit on the chat bubble: at a phone's width
 * and a desktop's, the two do not overlap.
 */
async function toastClearOfBubble(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  for (const width of [PHONE, DESKTOP]) {
    await page.setViewportSize(width);
    const toast = await page.locator('li[data-variant]').boundingBox();
    const bubble = await page.getByTestId('floating-chat-bubble').boundingBox();
    if (!toast || !bubble) throw new Error('the toast and the chat bubble should both be on screen');
    const apart =
      toast.x + toast.width <= bubble.x ||
      bubble.x + bubble.width <= toast.x ||
      toast.y + toast.height <= bubble.y ||
      bubble.y + bubble.height <= toast.y;
    expect(
      apart,
      `at ${width.width} px the toast ${JSON.stringify(toast)} covers the bubble ${JSON.stringify(bubble)}`,
    ).toBe(true);
  }
  if (viewport) await page.setViewportSize(viewport);
}

it.skipIf(skipReason !== null)(
  `Pathfinder page → AI Coach plan confirmed → floating chat quest → epic story${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const page = await journey.newPage(PHONE);
    const watched = watchForErrors(page);
    const firstQuest = 'Read 3 books';
    await onboardedHero(page.context().request, 'Brannoc', {
      title: firstQuest,
      milestones: ['Read the first book', 'Read the second book', 'Read the third book'],
    });

    // The Pathfinder page: select a goal, log progress, see it among the recent entries, deselect.
    await page.goto('/');
    await see(page.getByRole('heading', { name: 'Current Quests' }));
    await page.getByRole('link', { name: 'The Pathfinder' }).click();
    await see(page.getByRole('heading', { name: 'The Pathfinder', level: 1 }));
    await hasAttribute(page.getByRole('tab', { name: 'Dashboard' }), 'aria-selected', 'true');
    const card = page.getByRole('button', { name: new RegExp(firstQuest) });
    // From the keyboard: Space on the focused card selects it.
    await card.focus();
    await page.keyboard.press('Space');
    await hasAttribute(card, 'aria-pressed', 'true');
    await see(page.getByRole('heading', { name: 'Log Progress' }));
    await isDisabled(page.getByRole('button', { name: 'Record Progress' }));
    await page.getByRole('textbox', { name: /^Value/ }).fill('1');
    await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Finished the first one');
    await page.getByRole('button', { name: 'Record Progress' }).click();
    await see(page.getByText('Progress Recorded', { exact: true }));
    await toastClearOfBubble(page);
    await containsText(page.getByTestId('recent-progress'), 'Finished the first one');
    await journey.screens.check(page, 'pathfinder-log-progress');
    await card.click();
    await hasAttribute(card, 'aria-pressed', 'false');
    await gone(page.getByRole('heading', { name: 'Log Progress' }));

    // The AI Coach proposes a plan; Confirm puts the quest on the dashboard.
    await page.getByRole('tab', { name: 'Chat' }).click();
    await see(page.getByRole('heading', { name: 'AI Coach' }));
    await askCoachForPlan(page);
    const proposal = page.getByTestId('plan-proposal');
    const planTitle = ((await proposal.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
    expect(planTitle).toMatch(/12 books/i);
    await journey.screens.check(page, 'ai-coach-plan');
    await proposal.getByRole('button', { name: 'Confirm' }).click();
    await see(page.getByText('Quest Created', { exact: true }));
    await gone(proposal);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await see(page.getByRole('region', { name: planTitle }).getByRole('heading', { name: planTitle }));

    // The floating chat: a greeting on open, a suggested quest added with one click.
    await page.getByRole('button', { name: 'Ask The Pathfinder' }).click();
    const chat = page.getByRole('dialog', { name: 'The Pathfinder' });
    await containsText(chat.locator('li[data-role="assistant"]').first(), 'Greetings, Brannoc!');
    await journey.screens.check(page, 'floating-chat');
    const box = chat.getByRole('textbox', { name: 'Message The Pathfinder' });
    await box.fill('I want to run a 5k in three months');
    await box.press('Enter');
    const suggestion = chat.getByTestId('goal-suggestion');
    await see(suggestion);
    const chatQuest = ((await suggestion.locator('p').first().textContent()) ?? '').trim();
    expect(chatQuest).toMatch(/5k/i);
    await suggestion.getByRole('button', { name: 'Add to My Quests' }).click();
    await see(suggestion.getByText('Added to your quests'));
    await journey.screens.check(page, 'floating-chat-quest-added');
    // Escape minimises and hands the focus back to the bubble; Enter on it brings the same conversation back.
    await page.keyboard.press('Escape');
    await gone(chat);
    const bubble = page.getByRole('button', { name: 'Back to The Pathfinder' });
    await settles(() => bubble.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Enter');
    await see(chat.getByText('Added to your quests'));
    await settles(() => box.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await gone(chat);
    await see(page.getByRole('region', { name: chatQuest }).getByRole('heading', { name: chatQuest }));
    await journey.screens.check(page, 'dashboard-with-new-quests');

    // Complete the first quest, then an epic story of it appears in the chronicles.
    const first = page.getByRole('region', { name: firstQuest });
    const milestones = first.getByRole('list', { name: `${firstQuest} milestones` }).getByRole('button');
    await hasCount(milestones, 3);
    for (let index = 0; index < 3; index++) {
      await milestones.nth(index).click();
      await hasAttribute(milestones.nth(index), 'aria-pressed', 'true');
    }
    await see(first.getByText('Completed', { exact: true }));

    await page.getByRole('link', { name: 'Stories' }).click();
    await see(page.getByRole('heading', { name: 'Achievement Stories' }));
    await see(page.getByRole('heading', { name: 'No Stories Yet' }));
    const choice = page.getByRole('combobox', { name: 'One achievement' });
    await settles(() => choice.locator('option').allTextContents()).toEqual([
      'Select an achievement...',
      firstQuest,
    ]);
    await isDisabled(page.getByRole('button', { name: 'Generate Focused Story' }));
    await journey.screens.check(page, 'stories-empty');
    await page.getByRole('button', { name: 'Generate Epic Journey Story' }).click();
    const chronicle = page.getByTestId('chronicle');
    await hasCount(chronicle, 1);
    await containsText(chronicle, 'Chronicle #1');
    await containsText(chronicle.getByTestId('achievement-count'), '1 achievement');
    await containsText(chronicle.getByTestId('featured-achievements'), firstQuest);
    await journey.screens.check(page, 'stories-chronicle');

    // My Profile: the Goal Distribution ring is drawn (reading → Intelligence, running → Health).
    await page.getByRole('link', { name: 'My Profile' }).click();
    const distribution = page.getByRole('region', { name: 'Goal Distribution' });
    await see(distribution);
    await hasCount(distribution.locator('[data-slice]'), 2);
    await journey.screens.check(page, 'profile-distribution');

    journey.screens.finish();
    expectNoErrors(watched);
  },
  300_000,
);
