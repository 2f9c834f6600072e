import { computeSkillTree, type StoryHistoryItem, skillTooltip, type TokenStats } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminPage from '../admin/AdminPage.tsx';
import FoundationsPage from '../foundations/FoundationsPage.tsx';
import { DataTransferCard } from '../profile/DataTransferCard.tsx';
import ProfilePage from '../profile/ProfilePage.tsx';
import { XpHistoryCard } from '../profile/XpHistoryCard.tsx';
import type { Goal } from '../quests/types.ts';
import SkillTreePage from '../skill-tree/SkillTreePage.tsx';
import StoriesPage from '../stories/StoriesPage.tsx';
import { StreakCard } from '../streaks/StreakCard.tsx';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { loadCatalogue } from './catalogue.ts';
import { localeStore } from './localeStore.ts';

// Admin, Foundations, the Skill Tree, Stories and the profile's streak, XP history and data cards in
// Spanish and German: their words, plurals, and dates, numbers and money the language's way.

afterEach(() => localeStore.set('en'));

async function speak(locale: 'es' | 'de') {
  await loadCatalogue(locale);
  localeStore.set(locale);
}

const goal = (id: string, title: string, foundation: Goal['foundation'], is_completed = false): Goal => ({
  id,
  title,
  deadline: null,
  class_name: 'general',
  foundation,
  is_completed,
  progress: is_completed ? 100 : 40,
});

describe('Admin in German', () => {
  const stats: TokenStats = {
    total_stats: { total_cost: 1234.5, total_tokens: 98_765, total_requests: 42 },
    daily_stats: [
      { date: '2026-03-02', endpoint: 'advisor', request_count: 3, total_tokens: 3000, total_cost: 0.00123 },
    ],
    by_model: [{ model: 'gpt-4o-mini', request_count: 3, total_tokens: 3000, total_cost: 0.00123 }],
    top_spenders: [
      { user_id: null, name: 'Deleted heroes', request_count: 1, total_tokens: 1000, total_cost: 0.01 },
    ],
  };
  const user = (id: string, name: string, is_onboarded: boolean) => ({
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    is_onboarded,
    life_level: 3,
    total_xp: 1250,
    goal_count: 4,
    total_tokens: 12_345,
    total_cost: 0.012345,
    created_at: '2026-02-01T10:00:00.000Z',
    is_admin: false,
    deletion: null,
  });

  it('summary, users, usage and scheduled jobs read German, with grouped counts, euro-style dollars and dates', async () => {
    await speak('de');
    mockApi({
      'GET /api/admin/users': { body: [user('u2', 'Borin', true), user('u3', 'Cyra', false)] },
      'GET /api/admin/token-stats': { body: stats },
      'GET /api/admin/jobs': {
        body: [
          {
            name: 'data-transfer-expiry',
            last_run_at: null,
            duration_ms: 1234,
            outcome: 'succeeded',
            summary: '0 expired export(s) and import(s) removed',
          },
          {
            name: 'weekly-review',
            last_run_at: null,
            duration_ms: null,
            outcome: 'never',
            summary: '',
          },
        ],
      },
      'POST /api/admin/jobs/weekly-review/run': { status: 202, body: { name: 'weekly-review', id: 'j1' } },
    });
    renderWithProviders(<AdminPage />, { user: { ...testUser, isAdmin: true, locale: 'de' } });

    expect(await screen.findByRole('heading', { name: 'Verwaltung' })).toBeTruthy();
    const heroes = await screen.findByTestId('summary-Heroes');
    expect(within(heroes).getByText('Helden')).toBeTruthy();
    expect(within(heroes).getByText('1 aktiv, 1 im Einstieg')).toBeTruthy();
    expect(within(await screen.findByTestId('summary-AI cost')).getByText('1.234,5000 $')).toBeTruthy();
    expect(within(screen.getByTestId('summary-Tokens')).getByText('98.765')).toBeTruthy();
    expect(screen.getAllByText('letzte 30 Tage')).toHaveLength(3);

    const users = screen.getByRole('region', { name: 'Nutzertabelle' });
    expect(within(users).getByRole('columnheader', { name: 'Dabei seit' })).toBeTruthy();
    expect(within(users).getAllByText('1. Feb. 2026')).toHaveLength(2);
    expect(within(users).getByText('Im Einstieg')).toBeTruthy();
    expect(within(users).getAllByText('12.345')).toHaveLength(2);
    expect(within(users).getByRole('button', { name: 'Borin (borin@example.com) löschen' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Token-Verbrauch' })).toBeTruthy();
    expect(screen.getByText('Kosten und Tokens pro Tag, letzte 30 Tage.')).toBeTruthy();
    const daily = screen.getByRole('region', { name: 'Tabelle des täglichen Token-Verbrauchs' });
    expect(within(daily).getByText('2. März 2026')).toBeTruthy();
    expect(within(daily).getByText('0,0012 $')).toBeTruthy();
    expect(screen.getByText('Gelöschte Helden')).toBeTruthy();

    const jobs = await screen.findByRole('region', { name: 'Geplante Aufgaben' });
    const expiry = within(jobs).getByTestId('job-data-transfer-expiry');
    expect(within(expiry).getByText('erfolgreich')).toBeTruthy();
    expect(within(expiry).getByText('1.234 ms')).toBeTruthy();
    const review = within(jobs).getByTestId('job-weekly-review');
    expect(within(review).getByText('noch nie gelaufen')).toBeTruthy();
    expect(within(review).getAllByText('nie')).toHaveLength(1);
    fireEvent.click(within(review).getByRole('button', { name: 'Jetzt ausführen' }));
    expect(await screen.findByText('Aufgabe gestartet')).toBeTruthy();
    expect(screen.getByText('weekly-review läuft jetzt.')).toBeTruthy();
  });
});

describe('Foundations in Spanish', () => {
  it('names, descriptions, plural counts, the counted-as hint and the toast read Spanish', async () => {
    const goals = [
      goal('g1', 'Read 12 books', null),
      goal('g3', 'Build a budget', 'Finance', true),
      goal('g4', 'Invest monthly', 'Finance'),
      goal('g5', 'Run a 5K', 'Health'),
    ];
    const { callsTo } = mockApi({
      'GET /api/goals': { body: goals },
      'PATCH /api/goals/g1/foundation': { body: { ...goals[0], foundation: 'Intelligence' } },
    });
    renderWithProviders(<FoundationsPage />, { user: { ...testUser, locale: 'es' } });
    await speak('es');

    expect(await screen.findByRole('heading', { name: 'Asignación de fundamentos' })).toBeTruthy();
    const finance = screen.getByRole('region', { name: 'Finanzas' });
    expect(
      within(finance).getByText('Educación financiera, ahorro, inversiones, creación de patrimonio'),
    ).toBeTruthy();
    expect(within(finance).getByText('2 objetivos')).toBeTruthy();
    expect(within(finance).getByText('1 completado')).toBeTruthy();
    const health = screen.getByRole('region', { name: 'Salud' });
    expect(within(health).getByText('1 objetivo')).toBeTruthy();
    expect(within(health).getByText('0 completados')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Espíritu' })).getByText('0 objetivos')).toBeTruthy();

    const unassigned = screen.getByRole('region', { name: 'Objetivos sin asignar (1)' });
    expect(within(unassigned).getByText('Progreso: 40 %')).toBeTruthy();
    expect(within(screen.getByTestId('counted-as-g1')).getByText('Inteligencia')).toBeTruthy();
    expect(screen.getByTestId('counted-as-g1').textContent).toContain(
      'Cuenta como Inteligencia: confírmalo o cámbialo.',
    );
    expect(
      screen.getByText('Su título dice «read», así que Mi perfil y el Árbol de habilidades lo cuentan ahí.'),
    ).toBeTruthy();

    const trigger = screen.getByRole('button', { name: 'Asignar a...', description: 'Read 12 books' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Inteligencia' }));
    expect(await screen.findByText('Fundamento asignado')).toBeTruthy();
    expect(callsTo('PATCH', '/api/goals/g1/foundation')[0]?.body).toEqual({ foundation: 'Intelligence' });
  });
});

describe('foundation names elsewhere', () => {
  it('the profile’s mastery and distribution name the foundations in German', async () => {
    await speak('de');
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', 'Health'), goal('g2', 'Save', 'Finance', true)] },
      'GET /api/milestones': { body: [] },
    });
    renderWithProviders(<ProfilePage />, { user: { ...testUser, locale: 'de' } });
    expect(await screen.findByRole('heading', { name: 'Gesundheit' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Meisterschaftsfortschritt in Finanzen' })).toBeTruthy();
    const spirit = (await screen.findByTestId('distribution-Spirit')).closest('li');
    expect(spirit?.textContent).toBe('Geist0 Ziele (0 %)');
  });
});

describe('the Skill Tree in German', () => {
  const computed = computeSkillTree(
    [{ id: 'g1', title: 'Save $500', foundation: 'Finance', class_name: 'financial', is_completed: true }],
    [{ goal_id: 'g1', is_completed: true }],
  );
  const tree = {
    counters: computed.counters,
    nodes: computed.nodes.map((node) => {
      const benchmark = skillTooltip(node);
      return { ...node, prerequisites: [...node.prerequisites], ...(benchmark ? { benchmark } : {}) };
    }),
  };

  it('counters, columns, a node’s label and its details read German; the skill names stay the server’s', async () => {
    await speak('de');
    mockApi({ 'GET /api/skill-tree': { body: tree } });
    renderWithProviders(<SkillTreePage />, { user: { ...testUser, locale: 'de' } });

    expect(await screen.findByRole('heading', { name: 'Fertigkeitenbaum' })).toBeTruthy();
    expect(screen.getByText('Fertigkeiten gesamt')).toBeTruthy();
    expect(screen.getByText('FINANZEN')).toBeTruthy();
    expect(screen.getByText('GEIST')).toBeTruthy();
    expect(screen.getByText('Wähle eine Fertigkeit')).toBeTruthy();
    const coinKeeper = document.querySelector<HTMLElement>('[data-node-id="finance_level_1"]');
    expect(coinKeeper?.getAttribute('aria-label')).toBe('Coin Keeper, Stufe 1, Gemeistert, 100 %');

    fireEvent.click(coinKeeper as HTMLElement);
    expect(within(screen.getByTestId('skill-detail')).getByTestId('skill-status').textContent).toBe(
      'Gemeistert',
    );
    fireEvent.click(document.querySelector('[data-node-id="master_hero"]') as Element);
    const panel = screen.getByTestId('skill-detail');
    expect(within(panel).getByText('Meister')).toBeTruthy();
    expect(within(panel).getByText('EP-Belohnung:')).toBeTruthy();
    expect(within(panel).getByText(/^\d{1,2}\.\d{3} EP$/)).toBeTruthy();
    expect(within(panel).getByText('Voraussetzungen')).toBeTruthy();
    expect(within(panel).getAllByText('(noch nicht gemeistert)').length).toBeGreaterThan(0);
  });
});

describe('Stories in Spanish', () => {
  const story = (id: string, overrides: Partial<StoryHistoryItem> = {}): StoryHistoryItem => ({
    id,
    narrative_type: 'multi_foundation',
    created_at: '2026-03-05T10:00:00.000Z',
    achievements_count: 2,
    story: 'First paragraph.',
    foundation_progress: { Health: 40, Finance: 12.6 },
    achievements_data: ['a', 'b', 'c', 'd', 'e'].map((title) => ({
      id: title,
      title,
      foundation: null,
      completedAt: null,
    })),
    ...overrides,
  });

  it('chronicles with Spanish kinds, plural counts, dates and mastery; the toast of a new story', async () => {
    await speak('es');
    const history = [
      story('s2'),
      story('s1', { narrative_type: 'single_achievement', achievements_count: 1 }),
    ];
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', null, true)] },
      'GET /api/milestones': { body: [] },
      'GET /api/narrative/history': () => ({ body: history }),
      'POST /api/narrative/generate': () => {
        history.unshift(story('s3'));
        return { status: 201, body: { story: history[0] } };
      },
    });
    renderWithProviders(<StoriesPage />, { user: { ...testUser, locale: 'es' } });

    expect(await screen.findByRole('heading', { name: 'Historias de logros' })).toBeTruthy();
    const [newest, oldest] = await screen.findAllByTestId('chronicle');
    expect(within(newest!).getByRole('heading').textContent).toBe(
      'Crónica n.º 2: Saga de varios fundamentos',
    );
    expect(within(newest!).getByTestId('achievement-count').textContent).toBe('2 logros');
    expect(within(oldest!).getByTestId('achievement-count').textContent).toBe('1 logro');
    expect(within(oldest!).getByText('Un logro')).toBeTruthy();
    expect(within(newest!).getByText('5 mar 2026')).toBeTruthy();
    expect(within(newest!).getByText('Salud: 40 % de dominio')).toBeTruthy();
    expect(within(newest!).getByText('Finanzas: 13 % de dominio')).toBeTruthy();
    expect(within(newest!).getByText('+2 más')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Generar la epopeya de tu viaje' }));
    expect(await screen.findByText('Historia escrita')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('chronicle')).toHaveLength(3));
  });
});

describe('the profile’s streak, XP history and data cards', () => {
  it('the streak in German: its rules, a vacation’s date and the Freezes', async () => {
    await speak('de');
    mockApi({
      'GET /api/streaks/me': {
        body: {
          current: 12,
          longest: 30,
          today_done: true,
          freezes_available: 1,
          vacation_until: '2026-03-05',
        },
      },
    });
    renderWithProviders(<StreakCard user={{ ...testUser, locale: 'de' }} />);
    expect(await screen.findByRole('heading', { name: 'Tägliche Serie' })).toBeTruthy();
    expect(await screen.findByText('Im Urlaub bis 5. März 2026')).toBeTruthy();
    expect(screen.getByText('Längste')).toBeTruthy();
    expect(screen.getByTestId('streak-freezes').textContent).toBe('1/2');
    expect(
      screen.getByText(/^Alle 7 Tage in Folge erhältst du einen Freeze \(du hältst höchstens 2\)/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Urlaub beenden' })).toBeTruthy();
    expect(screen.getByLabelText('Zeitzone').getAttribute('placeholder')).toBe('Europe/Berlin');
  });

  it('the XP history in Spanish: reasons, grouped amounts and days', async () => {
    await speak('es');
    mockApi({
      'GET /api/xp/history': {
        body: {
          items: [
            {
              at: '2026-01-06T10:00:00.000Z',
              amount: -50,
              reason: 'milestone_reopened',
              milestone_title: 'Run 2K',
            },
            {
              at: '2026-01-05T09:00:00.000Z',
              amount: 12_500,
              reason: 'goal_completed',
              quest_title: 'Run 5K',
            },
          ],
        },
      },
    });
    renderWithProviders(<XpHistoryCard totalXP={12_450} />);
    const list = await screen.findByRole('list', { name: 'Historial de XP' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['-50 XPHito reabierto: Run 2K6 ene 2026', '+12.500 XPMisión completada · Run 5K5 ene 2026']);
    expect(screen.getByRole('img', { name: 'XP total por día' })).toBeTruthy();
  });

  it('the data card in German, and an import’s counts with their plurals', async () => {
    await speak('de');
    mockApi({
      'POST /api/import': { status: 202, body: { job_id: 'i1' } },
      'GET /api/import/i1': {
        body: {
          status: 'done',
          progress: 100,
          created: { quests: 1, milestones: 1200, progress: 3 },
          skipped: [],
        },
      },
    });
    renderWithProviders(<DataTransferCard />);
    expect(screen.getByRole('heading', { name: 'Deine Daten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeTruthy();
    const input = screen.getByLabelText('Einen LifeQuest-Export oder Habitica-Daten importieren');
    fireEvent.change(input, { target: { files: [new File(['{}'], 'habitica.json')] } });
    expect(
      await screen.findByText('Importiert: 1 Quest, 1.200 Meilensteine und 3 Fortschrittseinträge.'),
    ).toBeTruthy();
    expect(screen.getByText('Importierter Verlauf bringt keine EP.')).toBeTruthy();
  });
});
