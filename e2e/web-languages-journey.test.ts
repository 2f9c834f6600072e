import type { APIRequestContext, Page } from 'playwright-core';
import { it } from 'vitest';
import { expectNoErrors, watchForErrors } from './support/browser.ts';
import { browserJourney } from './support/browser-journey.ts';
import { HERO_PASSWORD, ok, onboardedHero } from './support/heroes.ts';
import { DESKTOP } from './support/screens.ts';
import { containsText, see } from './support/see.ts';

// LifeQuest in the hero's language (docs/features/languages.md): a hero switches the profile to Spanish,
// then German; the dashboard, the Fellowship Hall and the profile read in that language, a deadline and
// a sum of money are written the locale's way, and the choice is still there after a new sign-in on a
// browser that never saw it.

const journey = browserJourney('languages');
const { skipReason } = journey;

// The quest falls due on 24 February of next year, whatever today is: the server refuses a date in the
// past, and the day and month stay fixed so each language's spelling of them is checked word for word.
const YEAR = new Date().getUTCFullYear() + 1;

/** A savings quest due on 24 February next year with $1,250 of $2,000 logged. */
async function savingsQuest(request: APIRequestContext): Promise<void> {
  await ok(
    request.post('/api/plans/confirm', {
      data: {
        goal: {
          title: 'Save for a bike',
          category: 'finance',
          difficulty: 'medium',
          metric: { target_value: 2000, unit: '$' },
        },
        milestones: [
          { label: 'Save the first $1,000', due_date: `${YEAR}-01-15`, xp_reward: 20 },
          { label: 'Save $2,000', due_date: `${YEAR}-02-24`, xp_reward: 20 },
        ],
        xp_policy: { total_goal_xp: 100, bonuses: { early_milestone: 0, logging_daily: 0 } },
        habits: [],
      },
    }),
  );
  const goals = JSON.parse(await (await ok(request.get('/api/goals'))).text()) as {
    id: string;
    title: string;
  }[];
  const goal = goals.find((candidate) => candidate.title === 'Save for a bike');
  if (!goal) throw new Error('the savings quest was not created');
  await ok(request.post('/api/progress', { data: { goalId: goal.id, value: 1250 } }));
}

interface Reading {
  profile: string;
  dashboard: string;
  target: string;
  logged: RegExp;
  hall: string;
  hallTab: string;
}

const SPANISH: Reading = {
  profile: 'Dominio de disciplinas',
  dashboard: 'Misiones actuales',
  target: `Meta: 24 feb ${YEAR}`,
  logged: /1250\sUS\$ de 2000\sUS\$/,
  hall: 'Salón de la Hermandad',
  hallTab: 'Muro',
};

const GERMAN: Reading = {
  profile: 'Meisterschaft der Disziplinen',
  dashboard: 'Aktuelle Quests',
  target: `Ziel: 24. Feb. ${YEAR}`,
  logged: /1\.250\s\$ von 2\.000\s\$/,
  hall: 'Halle der Gefährten',
  hallTab: 'Feed',
};

async function readsIn(page: Page, reading: Reading, name: string): Promise<void> {
  await page.goto('/profile');
  await see(page.getByRole('heading', { name: reading.profile }));
  await journey.screens.check(page, `profile-${name}`);

  await page.goto('/');
  await see(page.getByRole('heading', { name: reading.dashboard }));
  await see(page.getByText(reading.target, { exact: true }));
  await containsText(page.getByTestId('logged-against-target'), reading.logged);
  await journey.screens.check(page, `dashboard-${name}`);

  await page.goto('/social');
  await see(page.getByRole('heading', { name: reading.hall, level: 1 }));
  await see(page.getByRole('tab', { name: reading.hallTab }));
  await journey.screens.check(page, `hall-${name}`);
}

async function chooseLanguage(page: Page, label: string, locale: string, heading: string): Promise<void> {
  await page.goto('/profile');
  await page.getByLabel(label).selectOption(locale);
  await see(page.getByRole('heading', { name: heading }));
}

it.skipIf(skipReason !== null)(
  `a hero reads LifeQuest in Spanish, then German, and keeps the choice across sign-ins${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const page = await journey.newPage(DESKTOP);
    const watched = watchForErrors(page);
    const hero = await onboardedHero(page.context().request, 'Lucia');
    await savingsQuest(page.context().request);

    // The browser speaks English: so does the app, with the product's own wording.
    await page.goto('/');
    await see(page.getByRole('heading', { name: 'Current Quests' }));
    await see(page.getByText(`Target: Feb 24, ${YEAR}`, { exact: true }));
    await containsText(page.getByTestId('logged-against-target'), '$1,250 of $2,000');

    await chooseLanguage(page, 'The app’s language', 'es', SPANISH.profile);
    await readsIn(page, SPANISH, 'es');
    await page.goto('/pathfinder');
    await see(page.getByText('El Explorador solo habla inglés por ahora'));

    await chooseLanguage(page, 'El idioma de la aplicación', 'de', GERMAN.profile);
    await readsIn(page, GERMAN, 'de');

    // Another browser (English), a new sign-in: the account brings German with it.
    const other = await journey.newPage(DESKTOP);
    await ok(
      other
        .context()
        .request.post('/api/auth/login', { data: { email: hero.email, password: HERO_PASSWORD } }),
    );
    await other.goto('/');
    await see(other.getByRole('heading', { name: GERMAN.dashboard }));
    await other.goto('/profile');
    await see(other.getByRole('heading', { name: GERMAN.profile }));

    journey.screens.finish();
    expectNoErrors(watched);
  },
  240_000,
);
