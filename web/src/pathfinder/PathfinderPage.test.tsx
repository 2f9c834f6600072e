import type { DashboardItem, GoalDetail, Plan } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import PathfinderPage from './PathfinderPage.tsx';

const item = (id: string, title: string, unit: string | null = null): DashboardItem => ({
  goal: {
    id,
    title,
    category: 'fitness',
    difficulty: 'medium',
    targetDate: '2026-06-01',
    targetValue: 5,
    unit,
    totalGoalXp: 300,
  },
  progressPercentage: 40,
  totalXp: 120,
  nextMilestone: { label: 'Run 3K', dueDate: '2026-04-01' },
  completedMilestones: 2,
  totalMilestones: 5,
});

const detail = (id: string, progress: GoalDetail['progress'] = []): GoalDetail => ({
  goal: {
    id,
    title: 'Run a 5K',
    deadline: '2026-06-01',
    class_name: 'general',
    foundation: null,
    is_completed: false,
    progress: 40,
    unit: 'min:s',
  },
  progress,
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
    { label: 'Read 12 books', due_date: '2026-12-01', xp_reward: 150 },
  ],
  xp_policy: { total_goal_xp: 300, bonuses: { early_milestone: 30, logging_daily: 5 } },
  habits: ['Read 20 pages before bed'],
};

const entry = (n: number) => ({
  id: `p${n}`,
  value: 300 + n,
  note: n === 6 ? 'Best run yet' : null,
  ts: new Date(Date.UTC(2026, 2, n, 8)).toISOString(),
});

describe('The Pathfinder page', () => {
  it("opens on the dashboard tab with the active goals; Analytics reads 'Analytics Coming Soon'", async () => {
    mockApi({ 'GET /api/dashboard': { body: { goals: [item('g1', 'Run a 5K')] } } });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    expect(screen.getByRole('heading', { name: 'The Pathfinder', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: /Run a 5K/ })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Analytics Coming Soon' })).toBeTruthy();
  });

  it('shows a min:s target as minutes:seconds and money as money, on the card and in the detail', async () => {
    const run = {
      ...item('g1', 'Run 5 km', 'min:s'),
      goal: { ...item('g1', 'Run 5 km').goal, unit: 'min:s', targetValue: 1620 },
    };
    const save = {
      ...item('g2', 'Save money'),
      goal: { ...item('g2', 'Save money').goal, unit: '$', targetValue: 2000 },
    };
    mockApi({
      'GET /api/dashboard': { body: { goals: [run, save] } },
      'GET /api/goals/g1': { body: detail('g1') },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    await screen.findByRole('button', { name: /Run 5 km/ });
    expect(screen.getAllByTestId('goal-target').map((target) => target.textContent)).toEqual([
      'Target: 27:00 min:s',
      'Target: $2,000',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Run 5 km/ }));
    expect((await screen.findByTestId('goal-detail-target')).textContent).toBe('Target: 27:00 min:s');
  });

  it('selects a goal card on click and deselects it on a second click', async () => {
    mockApi({
      'GET /api/dashboard': { body: { goals: [item('g1', 'Run a 5K'), item('g2', 'Read 12 books')] } },
      'GET /api/goals/g1': { body: detail('g1') },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    const card = await screen.findByRole('button', { name: /Run a 5K/ });
    expect(screen.queryByRole('heading', { name: 'Log Progress' })).toBeNull();

    fireEvent.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Log Progress' })).toBeTruthy();

    fireEvent.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('heading', { name: 'Log Progress' })).toBeNull();
  });

  it('shows the last 5 progress entries, newest first', async () => {
    mockApi({
      'GET /api/dashboard': { body: { goals: [item('g1', 'Run a 5K', 'min:s')] } },
      // Sent oldest first on purpose: the page orders them itself.
      'GET /api/goals/g1': { body: detail('g1', [1, 2, 3, 4, 5, 6].map(entry)) },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: /Run a 5K/ }));
    const recent = await screen.findByTestId('recent-progress');
    const values = within(recent)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('span')?.textContent);
    // 306..302 seconds as min:s.
    expect(values).toEqual(['5:06', '5:05', '5:04', '5:03', '5:02']);
    expect(within(recent).getByText('Best run yet')).toBeTruthy();
  });

  it.each([
    ['5:30', 330],
    ['330', 330],
  ])('records %s on a min:s goal as %i seconds', async (typed, seconds) => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [item('g1', 'Run a 5K', 'min:s')] } },
      'GET /api/goals/g1': { body: detail('g1') },
      'POST /api/progress': {
        status: 201,
        body: { id: 'p1', goalId: 'g1', value: seconds, note: null, ts: '2026-03-01T08:00:00Z', xpBonus: 0 },
      },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: /Run a 5K/ }));
    const value = await screen.findByRole('textbox', { name: 'Value (minutes:seconds)' });
    const record = screen.getByRole('button', { name: 'Record Progress' });
    expect(record.hasAttribute('disabled')).toBe(true);

    fireEvent.change(value, { target: { value: typed } });
    fireEvent.click(record);
    expect(await screen.findByText('Progress Recorded')).toBeTruthy();
    expect(screen.getByText('5:30 logged on "Run a 5K".')).toBeTruthy();
    expect(callsTo('POST', '/api/progress')[0]?.body).toEqual({ goalId: 'g1', value: seconds, note: null });
    await waitFor(() => expect((value as HTMLInputElement).value).toBe(''));
  });

  it('explains a time it cannot read and sends nothing; the note is optional and sent trimmed', async () => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [item('g1', 'Run a 5K', 'min:s')] } },
      'GET /api/goals/g1': { body: detail('g1') },
      'POST /api/progress': {
        status: 201,
        body: { id: 'p1', goalId: 'g1', value: 330, note: 'windy', ts: '2026-03-01T08:00:00Z', xpBonus: 5 },
      },
    });
    const { queryClient } = renderWithProviders(<PathfinderPage />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: /Run a 5K/ }));
    const value = await screen.findByRole('textbox', { name: 'Value (minutes:seconds)' });

    fireEvent.change(value, { target: { value: '5:75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record Progress' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Seconds must be between 00 and 59 (e.g. 5:30).',
    );
    expect(callsTo('POST', '/api/progress')).toHaveLength(0);

    fireEvent.change(value, { target: { value: '5:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: '  windy ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record Progress' }));
    expect(await screen.findByText('5:30 logged on "Run a 5K". +5 XP for logging today.')).toBeTruthy();
    expect(callsTo('POST', '/api/progress')[0]?.body).toEqual({ goalId: 'g1', value: 330, note: 'windy' });
    // The daily-log bonus shows in the header at once.
    expect(queryClient.getQueryData<typeof testUser>(queryKeys.me)?.totalXP).toBe(testUser.totalXP + 5);
  });
});

describe('the AI Coach', () => {
  async function openChat() {
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Chat' }));
    return screen.findByTestId('ai-coach');
  }

  it("is a 600 px panel titled 'AI Coach' that shows the stored conversation", async () => {
    mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': {
        body: [
          { role: 'user', content: 'I want to read more', createdAt: '2026-03-01T08:00:00Z' },
          { role: 'assistant', content: 'How many books, and by when?', createdAt: '2026-03-01T08:00:01Z' },
        ],
      },
      'GET /api/plans/draft': { body: { plan: null, draftId: null } },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    const panel = await openChat();
    expect(within(panel).getByRole('heading', { name: 'AI Coach' })).toBeTruthy();
    expect(panel.style.height).toBe('600px');
    expect(await within(panel).findByText('How many books, and by when?')).toBeTruthy();
    expect(screen.queryByTestId('plan-proposal')).toBeNull();
  });

  it('fetches the draft on load, and the Chat tab says a plan is waiting', async () => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/plans/draft': { body: { plan, draftId: 'd1' } },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    expect(await screen.findByTestId('plan-waiting')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Chat\W+plan waiting$/ })).toBeTruthy();
    expect(callsTo('GET', '/api/plans/draft')).toHaveLength(1);
  });

  it('shows the draft fetched on load; Confirm creates the quest, clears the draft and refreshes the dashboard', async () => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan, draftId: 'd1' } },
      'POST /api/plans/confirm': {
        status: 201,
        body: {
          goal: {
            id: 'g5',
            title: 'Read 12 books',
            deadline: null,
            class_name: 'general',
            foundation: null,
            is_completed: false,
            progress: 0,
          },
          milestones: [],
        },
      },
    });
    const { queryClient } = renderWithProviders(<PathfinderPage />, {
      user: testUser,
      route: '/pathfinder?tab=chat',
    });
    const proposal = await screen.findByTestId('plan-proposal');
    expect(within(proposal).getByRole('heading', { name: 'Read 12 books' })).toBeTruthy();
    expect(within(proposal).getByText('Read 20 pages before bed')).toBeTruthy();
    queryClient.setQueryData(queryKeys.goals, []);
    queryClient.setQueryData(queryKeys.dashboard, { goals: [] });

    fireEvent.click(within(proposal).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Quest Created')).toBeTruthy();
    expect(callsTo('POST', '/api/plans/confirm')[0]?.body).toEqual({ ...plan, draftId: 'd1' });
    await waitFor(() => expect(screen.queryByTestId('plan-proposal')).toBeNull());
    expect(queryClient.getQueryData(queryKeys.planDraft)).toEqual({ plan: null, draftId: null });
    expect(queryClient.getQueryState(queryKeys.goals)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
  });

  it.each([
    [{ target_value: 1620, unit: 'min:s' }, 'Target: 27:00 min:s'],
    [{ target_value: 2000, unit: '$' }, 'Target: $2,000'],
    [{ target_value: 12, unit: 'books' }, 'Target: 12 books'],
  ])('shows the target %j of a plan as %j', async (metric, shown) => {
    mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan: { ...plan, goal: { ...plan.goal, metric } }, draftId: 'd1' } },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser, route: '/pathfinder?tab=chat' });
    expect((await screen.findByTestId('plan-target')).textContent).toBe(shown);
  });

  it('hides the plan on Cancel without confirming it', async () => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan, draftId: 'd1' } },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser, route: '/pathfinder?tab=chat' });
    const proposal = await screen.findByTestId('plan-proposal');
    fireEvent.click(within(proposal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('plan-proposal')).toBeNull();
    expect(callsTo('POST', '/api/plans/confirm')).toHaveLength(0);
  });

  it('keeps a cancelled draft and its "plan waiting" hidden across tab switches; a new draft shows again', async () => {
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan, draftId: 'd1' } },
      'POST /api/advisor/message': {
        body: { needs_confirmation: true, plan, reply: 'Here is another plan.', draftId: 'd2' },
      },
    });
    renderWithProviders(<PathfinderPage />, { user: testUser, route: '/pathfinder?tab=chat' });
    const proposal = await screen.findByTestId('plan-proposal');
    expect(screen.getByTestId('plan-waiting')).toBeTruthy();
    fireEvent.click(within(proposal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('plan-proposal')).toBeNull();
    expect(screen.queryByTestId('plan-waiting')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'No Active Quests' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Chat' }));
    const box = await screen.findByRole('textbox', { name: 'Message the AI Coach' });
    expect(screen.queryByTestId('plan-proposal')).toBeNull();
    expect(screen.queryByTestId('plan-waiting')).toBeNull();
    expect(callsTo('POST', '/api/plans/confirm')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Read 12 books by December, then' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByTestId('plan-proposal')).toBeTruthy();
    expect(screen.getByTestId('plan-waiting')).toBeTruthy();
  });

  it('proposes the plan a reply carries, and shows progress while the coach drafts', async () => {
    let answer: () => void = () => {};
    const { callsTo } = mockApi({
      'GET /api/dashboard': { body: { goals: [] } },
      'GET /api/advisor/messages': { body: [] },
      'GET /api/plans/draft': { body: { plan: null, draftId: null } },
      'POST /api/advisor/message': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ body: { needs_confirmation: true, plan, reply: 'Here is a plan.', draftId: 'd2' } });
        }),
    });
    renderWithProviders(<PathfinderPage />, { user: testUser });
    await openChat();
    const box = await screen.findByRole('textbox', { name: 'Message the AI Coach' });
    fireEvent.change(box, { target: { value: 'I want to read 12 books by December' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(await screen.findByText('The Pathfinder is drafting a reply...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    answer();
    expect(await screen.findByText('Here is a plan.')).toBeTruthy();
    const proposal = await screen.findByTestId('plan-proposal');
    expect(within(proposal).getByRole('heading', { name: 'Read 12 books' })).toBeTruthy();
    expect(callsTo('POST', '/api/advisor/message')[0]?.body).toEqual({
      message: 'I want to read 12 books by December',
    });
  });
});
