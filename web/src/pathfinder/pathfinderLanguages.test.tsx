import type { AiProviderInfo, DashboardItem, GoalDetail, Plan, ReplanReply } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { FloatingChat } from '../chat/FloatingChat.tsx';
import { loadCatalogue } from '../i18n/catalogue.ts';
import { localeStore } from '../i18n/localeStore.ts';
import ReplanDialog from '../replan/ReplanDialog.tsx';
import CelebrationCard from '../rewards/CelebrationCard.tsx';
import type { SkillTreeResponse } from '../skill-tree/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import PathfinderPage from './PathfinderPage.tsx';

// The Pathfinder's screens in Spanish and German (docs/features/languages.md): the dashboard, the coach,
// the chat bubble, the re-plan and the celebrations, their plurals, dates, numbers and toasts; and the
// "speaks English for now" notice, shown only when the provider writes English only.

afterEach(() => localeStore.set('en'));

async function speak(locale: 'es' | 'de') {
  await loadCatalogue(locale);
  localeStore.set(locale);
}

const OFFLINE: AiProviderInfo = { provider: 'offline', languages: ['en'] };
const MODEL: AiProviderInfo = { provider: 'openai', languages: ['en', 'es', 'de'] };
const DAY = 86_400_000;

const item = (id: string, title: string, overrides: Partial<DashboardItem> = {}): DashboardItem => ({
  goal: {
    id,
    title,
    category: 'fitness',
    difficulty: 'medium',
    targetDate: '2026-06-01',
    targetValue: null,
    unit: null,
    totalGoalXp: 12000,
  },
  progressPercentage: 40,
  totalXp: 120,
  nextMilestone: { label: 'Run 3K', dueDate: '2026-04-01' },
  completedMilestones: 2,
  totalMilestones: 5,
  ...overrides,
});

const detail = (id: string): GoalDetail => ({
  goal: {
    id,
    title: 'Run 5 km',
    deadline: '2026-06-01',
    class_name: 'general',
    foundation: null,
    is_completed: false,
    progress: 40,
    unit: 'min:s',
  },
  progress: [{ id: 'p1', value: 330, note: null, ts: new Date(Date.now() - 2 * DAY).toISOString() }],
  milestones: [
    { id: 'm1', label: 'Run 1K', dueDate: '2026-03-01', xpReward: 60, status: 'done' },
    { id: 'm2', label: 'Run 3K', dueDate: '2026-04-01', xpReward: 60, status: 'pending' },
  ],
});

const plan: Plan = {
  goal: {
    title: 'Read 12 books',
    category: 'education',
    difficulty: 'easy',
    metric: { target_value: 12, unit: 'books' },
  },
  milestones: [
    { label: 'Read 4 books', due_date: '2026-04-01', xp_reward: 100 },
    { label: 'Read 12 books', due_date: '2026-12-01', xp_reward: 1200 },
  ],
  xp_policy: { total_goal_xp: 1300, bonuses: { early_milestone: 30, logging_daily: 5 } },
  habits: ['Read 20 pages before bed'],
};

describe('the “speaks English for now” notice', () => {
  it('shows in German when the offline engine answers, which writes English only', async () => {
    await speak('de');
    mockApi({ 'GET /api/dashboard': { body: { goals: [] } }, 'GET /api/ai/provider': { body: OFFLINE } });
    renderWithProviders(<PathfinderPage />, { user: { ...testUser, locale: 'de' } });
    const notice = await screen.findByTestId('pathfinder-english-only');
    expect(notice.textContent).toBe('Der Pfadfinder spricht vorerst nur Englisch');
  });

  it('does not show in German when a model answers in the hero’s language', async () => {
    await speak('de');
    mockApi({ 'GET /api/dashboard': { body: { goals: [] } }, 'GET /api/ai/provider': { body: MODEL } });
    const { queryClient } = renderWithProviders(<PathfinderPage />, { user: { ...testUser, locale: 'de' } });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.aiProvider)?.status).toBe('success'));
    expect(screen.getByRole('heading', { name: 'Der Pfadfinder', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('pathfinder-english-only')).toBeNull();
  });

  it('does not show in English, whichever provider answers', async () => {
    mockApi({ 'GET /api/dashboard': { body: { goals: [] } }, 'GET /api/ai/provider': { body: OFFLINE } });
    const { queryClient } = renderWithProviders(<PathfinderPage />, { user: testUser });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.aiProvider)?.status).toBe('success'));
    expect(screen.queryByTestId('pathfinder-english-only')).toBeNull();
  });
});

describe('the Pathfinder in the hero’s language', () => {
  it('the dashboard and Log Progress in Spanish: plurals, grouped XP, dates, a refused value and its toast', async () => {
    await speak('es');
    mockApi({
      'GET /api/ai/provider': { body: MODEL },
      'GET /api/dashboard': {
        body: {
          goals: [
            item('g1', 'Run 5 km', { goal: { ...item('g1', '').goal, title: 'Run 5 km', unit: 'min:s' } }),
            item('g2', 'Save money', { completedMilestones: 1, totalMilestones: 1, nextMilestone: null }),
          ],
        },
      },
      'GET /api/goals/g1': { body: detail('g1') },
      'GET /api/goals/g2': { body: { ...detail('g2'), progress: [] } },
      'POST /api/progress': {
        status: 201,
        body: { id: 'p2', goalId: 'g1', value: 330, note: null, ts: new Date().toISOString(), xpBonus: 5 },
      },
    });
    renderWithProviders(<PathfinderPage />, { user: { ...testUser, locale: 'es' } });
    expect(await screen.findByRole('heading', { name: 'Metas activas' })).toBeTruthy();
    expect(screen.getByText('2/5 hitos')).toBeTruthy();
    expect(screen.getByText('1/1 hito')).toBeTruthy();
    expect(screen.getAllByText('120/12.000 XP')).toHaveLength(2);
    expect(screen.getAllByText('forma física')).toHaveLength(2);
    expect(screen.getAllByText('media')).toHaveLength(2);
    expect(screen.getAllByText('1 jun 2026')).toHaveLength(2);
    expect(screen.getByText('Siguiente: Run 3K')).toBeTruthy();
    expect(screen.getByText('Selecciona una meta para registrar tu progreso.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Run 5 km/ }));
    const panel = await screen.findByTestId('goal-detail');
    expect(within(panel).getByText('Misión seleccionada')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Cerrar la misión seleccionada' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Registrar progreso' })).toBeTruthy();
    expect(await within(panel).findByText('hace 2 días')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Hitos' })).toBeTruthy();
    expect(within(panel).getByLabelText('Hecho')).toBeTruthy();
    expect(within(panel).getByLabelText('Pendiente')).toBeTruthy();
    expect(within(panel).getByText('1 mar 2026 · 60 XP')).toBeTruthy();

    const value = within(panel).getByRole('textbox', { name: 'Valor (minutos:segundos)' });
    expect(value.getAttribute('placeholder')).toBe('5:30 o 330');
    fireEvent.change(value, { target: { value: '5:75' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar progreso' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Los segundos deben estar entre 00 y 59 (p. ej. 5:30).',
    );
    fireEvent.change(value, { target: { value: '5:30' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar progreso' }));
    expect(await screen.findByText('Progreso registrado')).toBeTruthy();
    expect(screen.getByText('5:30 registrado en «Run 5 km». +5 XP por registrar hoy.')).toBeTruthy();
  });

  it('the AI Coach and its proposed plan in German: EP grouped, the difficulty and category translated', async () => {
    await speak('de');
    mockApi({
      'GET /api/ai/provider': { body: OFFLINE },
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan, draftId: 'd1' } },
    });
    renderWithProviders(<PathfinderPage />, {
      user: { ...testUser, locale: 'de' },
      route: '/pathfinder?tab=chat',
    });
    const coach = await screen.findByTestId('ai-coach');
    expect(within(coach).getByRole('heading', { name: 'KI-Coach' })).toBeTruthy();
    expect(await within(coach).findByText(/^Sei gegrüßt! Ich bin dein Coach\./)).toBeTruthy();
    const box = within(coach).getByRole('textbox', { name: 'Nachricht an den KI-Coach' });
    expect(box.getAttribute('placeholder')).toBe('z. B. Ich will bis Dezember 12 Bücher lesen');
    expect(within(coach).getByRole('button', { name: 'Nachricht senden' })).toBeTruthy();

    const proposal = await screen.findByTestId('plan-proposal');
    expect(within(proposal).getByText('Vorgeschlagener Plan')).toBeTruthy();
    expect(within(proposal).getByText('Bildung')).toBeTruthy();
    expect(within(proposal).getByText('leicht')).toBeTruthy();
    expect(within(proposal).getByText('1.300 EP')).toBeTruthy();
    expect(within(proposal).getByText('1.200 EP')).toBeTruthy();
    expect(
      within(proposal).getByText(
        'Boni: +30 EP für einen vorzeitig erreichten Meilenstein, +5 EP für den ersten eingetragenen Fortschritt jedes Tages.',
      ),
    ).toBeTruthy();
    expect(within(proposal).getByRole('heading', { name: 'Gewohnheiten' })).toBeTruthy();
    expect(within(proposal).getByRole('button', { name: 'Bestätigen' })).toBeTruthy();
    expect(within(proposal).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('the chat bubble in German: its greeting, its window and a suggested quest', async () => {
    await speak('de');
    mockApi({
      'POST /api/ai/pathfinder-conversation': {
        body: {
          reply: 'A fine goal.',
          actions: [
            {
              type: 'CREATE_GOAL',
              payload: {
                title: 'Run a 5K',
                targetDate: '2026-06-01',
                xpTotal: 1200,
                milestones: [{ title: 'Run 1K', dueDate: '2026-03-01', xpReward: 25 }],
              },
            },
          ],
        },
      },
    });
    renderWithProviders(<FloatingChat heroName="Aria" />, { user: { ...testUser, locale: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Frag den Pfadfinder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der Pfadfinder' });
    expect(within(dialog).getByText(/^Sei gegrüßt, Aria! Ich bin der Pfadfinder\./)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Seite des Pfadfinders öffnen' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Chat minimieren' })).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: 'Nachricht an den Pfadfinder' });
    expect(box.getAttribute('placeholder')).toBe('Frag den Pfadfinder...');

    fireEvent.change(box, { target: { value: 'I want to run a 5K' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const suggestion = await within(dialog).findByTestId('goal-suggestion');
    expect(within(suggestion).getByText(/^Ziel: 1\. Juni 2026$/)).toBeTruthy();
    expect(within(suggestion).getByText('1.200 EP')).toBeTruthy();
    expect(within(suggestion).getByText(/· 1\. März 2026 · 25 EP/)).toBeTruthy();
    expect(within(suggestion).getByRole('button', { name: 'Zu meinen Quests hinzufügen' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Chat minimieren' }));
    expect(await screen.findByRole('button', { name: 'Zurück zum Pfadfinder' })).toBeTruthy();
  });

  it('the re-plan dialog in Spanish: both plans, an undated milestone, a quest without a deadline', async () => {
    await speak('es');
    const draft: ReplanReply = {
      needs_confirmation: true,
      reply: 'Here is a new path.',
      draftId: 'd1',
      deadline: '2026-07-01',
      deadline_moved: true,
      reasons: ['One milestone was overdue.'],
      plan: {
        goal_id: 'g1',
        goal: { ...plan.goal, metric: { target_value: null, unit: null } },
        milestones: [{ id: 'm1', label: 'Run 1K', due_date: null, xp_reward: 30, is_completed: false }],
        xp_policy: plan.xp_policy,
        habits: [],
      },
      current: {
        goal: {
          id: 'g1',
          title: 'Run a 5K',
          deadline: null,
          class_name: 'general',
          foundation: null,
          is_completed: false,
          progress: 0,
        },
        milestones: [
          {
            id: 'm1',
            goal_id: 'g1',
            title: 'Run 1K',
            is_completed: true,
            xp_reward: 30,
            due_date: '2026-03-01',
          },
        ],
      },
    };
    mockApi({ 'POST /api/advisor/replan': { body: draft } });
    renderWithProviders(
      <ReplanDialog goalId="g1" title="Run a 5K" onClose={() => {}} returnFocus={() => {}} />,
      { user: { ...testUser, locale: 'es' } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replanificar con el Explorador' });
    expect(
      within(dialog).getByText('Tus hitos completados se quedan como están, con la XP que ganaron.'),
    ).toBeTruthy();
    const current = await within(dialog).findByRole('region', { name: 'Plan actual' });
    expect(within(current).getByText('1 mar 2026 · 30 XP')).toBeTruthy();
    expect(within(current).getByLabelText('Hecho')).toBeTruthy();
    expect(current.textContent).toContain('Fecha límite: ninguna');
    const proposed = within(dialog).getByRole('region', { name: 'Plan propuesto' });
    expect(within(proposed).getByText('Sin fecha · 30 XP')).toBeTruthy();
    expect(proposed.textContent).toContain('Fecha límite: 1 jul 2026');
    expect(within(dialog).getByRole('textbox', { name: 'Título de la misión' })).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Las razones del Explorador' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeTruthy();
  });

  it('refuses a re-plan in the hero’s language by its code', async () => {
    await speak('de');
    mockApi({
      'POST /api/advisor/replan': {
        status: 404,
        body: { error: 'Not Found', message: 'Quest not found: g1', code: 'QUEST_NOT_FOUND' },
      },
    });
    renderWithProviders(
      <ReplanDialog goalId="g1" title="Run a 5K" onClose={() => {}} returnFocus={() => {}} />,
      { user: { ...testUser, locale: 'de' } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mit dem Pfadfinder neu planen' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Quest nicht gefunden.');
  });
});

const node = (id: string, title: string, status: 'mastered' | 'unlocked' | 'locked') =>
  ({ id, title, status }) as unknown as SkillTreeResponse['nodes'][number];

describe('the celebrations in the hero’s language', () => {
  it('a new level in German, with the skill tree’s counts in the plural and the singular', async () => {
    await speak('de');
    mockApi({
      'GET /api/skill-tree': {
        body: {
          nodes: [node('health_1', 'First Steps', 'mastered'), node('finance_1', 'Saver', 'locked')],
          counters: { mastered: 1, unlocked: 0, total: 1 },
        },
      },
    });
    renderWithProviders(
      <CelebrationCard celebration={{ level: 4, questTitle: 'Run a 5K' }} onClose={() => {}} />,
      { user: { ...testUser, locale: 'de' } },
    );
    const card = screen.getByTestId('celebration');
    expect(within(card).getByRole('heading', { name: 'Quest abgeschlossen!' })).toBeTruthy();
    expect(within(card).getByText('„Run a 5K“ ist geschafft.')).toBeTruthy();
    expect(within(card).getByText('Du hast Stufe 4 erreicht!')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Feier schließen' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Die Geschichte dazu schreiben' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'In der Halle teilen' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Deine neuen Fertigkeiten ansehen' })).toBeTruthy();
    expect((await within(card).findByTestId('celebration-unlocked')).textContent).toBe(
      'Dein Fertigkeitenbaum: 1 von 1 Fertigkeit offen, 1 gemeistert.',
    );
  });

  it('a level alone in Spanish, the skills in the plural; a confirmed plan’s card', async () => {
    await speak('es');
    mockApi({
      'GET /api/skill-tree': {
        body: {
          nodes: [
            node('health_1', 'First Steps', 'unlocked'),
            node('finance_1', 'Saver', 'unlocked'),
            node('mind_1', 'Reader', 'locked'),
          ],
          counters: { mastered: 0, unlocked: 2, total: 3 },
        },
      },
    });
    const { unmount } = renderWithProviders(
      <CelebrationCard celebration={{ level: 3 }} onClose={() => {}} />,
      { user: { ...testUser, locale: 'es' } },
    );
    expect(screen.getByRole('heading', { name: '¡Nivel 3!' })).toBeTruthy();
    expect((await screen.findByTestId('celebration-unlocked')).textContent).toBe(
      'Tu árbol de habilidades: 2 de 3 habilidades abiertas, 0 dominadas.',
    );
    unmount();

    renderWithProviders(<CelebrationCard celebration={{ planTitle: 'Read 12 books' }} onClose={() => {}} />, {
      user: { ...testUser, locale: 'es' },
    });
    expect(screen.getByRole('heading', { name: '¡Comienza una nueva misión!' })).toBeTruthy();
    expect(screen.getByText('«Read 12 books» está en tu panel.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver tus misiones' })).toBeTruthy();
  });
});
