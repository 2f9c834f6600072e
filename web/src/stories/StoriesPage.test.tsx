import { NOTHING_TO_CELEBRATE_MESSAGE, type StoryHistoryItem } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal, Milestone } from '../quests/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { chronicleNumber, featuredAchievements } from './chronicles.ts';
import StoriesPage from './StoriesPage.tsx';

const goal = (id: string, title: string, is_completed: boolean): Goal => ({
  id,
  title,
  deadline: null,
  class_name: 'general',
  foundation: null,
  is_completed,
  progress: is_completed ? 100 : 10,
});

const milestone = (id: string, goal_id: string, is_completed: boolean): Milestone => ({
  id,
  goal_id,
  title: id,
  is_completed,
  xp_reward: 25,
  due_date: null,
});

const achievement = (title: string) => ({ id: title, title, foundation: null, completedAt: null });

const story = (id: string, overrides: Partial<StoryHistoryItem> = {}): StoryHistoryItem => ({
  id,
  narrative_type: 'multi_foundation',
  created_at: '2026-03-05T10:00:00.000Z',
  achievements_count: 2,
  story: 'First paragraph.\n\nSecond paragraph.',
  foundation_progress: { Health: 40, Finance: 12.6 },
  achievements_data: [achievement('Run a 5K'), achievement('Save $500')],
  ...overrides,
});

function chronicles(): HTMLElement[] {
  return screen.getAllByTestId('chronicle');
}

describe('chronicle rules', () => {
  it('numbers chronicles with the newest highest', () => {
    expect([0, 1, 2].map((index) => chronicleNumber(index, 3))).toEqual([3, 2, 1]);
  });

  it('features up to 3 achievements and counts the rest', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map(achievement);
    expect(featuredAchievements(five)).toEqual({ titles: ['a', 'b', 'c'], more: 2 });
    expect(featuredAchievements(five.slice(0, 3))).toEqual({ titles: ['a', 'b', 'c'], more: 0 });
  });
});

describe('stories', () => {
  it("says 'Loading your stories...' while the history loads", () => {
    mockApi({ 'GET /api/narrative/history': () => new Promise(() => {}), 'GET /api/goals': { body: [] } });
    renderWithProviders(<StoriesPage />, { user: testUser });
    expect(screen.getByText('Loading your stories...')).toBeTruthy();
  });

  it('lists Your Heroic Chronicles newest first with the highest number, type, date, count, mastery and featured titles', async () => {
    mockApi({
      'GET /api/goals': { body: [] },
      'GET /api/narrative/history': {
        body: [
          story('s3', {
            narrative_type: 'single_achievement',
            achievements_count: 1,
            achievements_data: [achievement('Run a 5K')],
          }),
          story('s2', {
            achievements_count: 5,
            achievements_data: ['A', 'B', 'C', 'D', 'E'].map(achievement),
          }),
          story('s1', { narrative_type: 'something_new', foundation_progress: {}, achievements_data: [] }),
        ],
      },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    expect(await screen.findByRole('heading', { name: 'Your Heroic Chronicles' })).toBeTruthy();
    await waitFor(() => expect(chronicles()).toHaveLength(3));
    const [newest, middle, oldest] = chronicles() as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(newest).getByRole('heading').textContent).toContain('Chronicle #3');
    expect(within(newest).getByRole('heading').textContent).toContain('Single Achievement');
    expect(within(newest).getByTestId('achievement-count').textContent).toBe('1 achievement');
    expect(within(newest).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(newest).getByText('First paragraph.')).toBeTruthy();
    expect(within(newest).getByText('Second paragraph.')).toBeTruthy();
    // Mastery badges in the foundations' order, rounded.
    expect(
      within(within(newest).getByRole('list', { name: 'Foundation mastery' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Finance: 13% mastery', 'Health: 40% mastery']);

    expect(within(middle).getByRole('heading').textContent).toContain('Chronicle #2');
    expect(within(middle).getByTestId('achievement-count').textContent).toBe('5 achievements');
    const featured = within(middle).getByTestId('featured-achievements');
    expect(
      within(featured)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A', 'B', 'C', '+2 more']);

    // A type the page does not know still reads as a chronicle, with a generic icon.
    expect(within(oldest).getByRole('heading').textContent).toContain('Chronicle #1');
    expect(within(oldest).getByRole('heading').textContent).toContain('Chronicle');
    expect(within(oldest).queryByTestId('featured-achievements')).toBeNull();
  });

  it("shows the empty state with 'Complete a Goal First' (disabled) until a goal is complete", async () => {
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', false)] },
      'GET /api/narrative/history': { body: [] },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    expect(await screen.findByRole('heading', { name: 'No Stories Yet' })).toBeTruthy();
    expect(screen.getByText('Complete some goals and generate your first achievement story!')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete a Goal First' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
  });

  it('disables both epic buttons until a quest or a milestone is complete: the server would refuse', async () => {
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', false)] },
      'GET /api/milestones': { body: [milestone('m1', 'g1', false)] },
      'GET /api/narrative/history': { body: [] },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    expect(await screen.findByRole('heading', { name: 'No Stories Yet' })).toBeTruthy();
    const epic = screen.getByRole('button', { name: 'Generate Epic Journey Story' });
    await waitFor(() => expect(epic.hasAttribute('disabled')).toBe(true));
    expect(screen.getByText('Complete a milestone or a quest and your epic can be told here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete a Goal First' }).hasAttribute('disabled')).toBe(true);
  });

  it("offers the epic story once a milestone is complete, though no quest is yet; the empty state's button still waits for a goal (spec)", async () => {
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', false)] },
      'GET /api/milestones': { body: [milestone('m1', 'g1', true), milestone('m2', 'g1', false)] },
      'GET /api/narrative/history': { body: [] },
      'POST /api/narrative/generate': {
        status: 201,
        body: { story: story('s1', { narrative_type: 'milestone_celebration', achievements_count: 0 }) },
      },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    expect(
      (await screen.findByRole('button', { name: 'Complete a Goal First' })).hasAttribute('disabled'),
    ).toBe(true);
    const epic = screen.getByRole('button', { name: 'Generate Epic Journey Story' });
    await waitFor(() => expect(epic.hasAttribute('disabled')).toBe(false));
    fireEvent.click(epic);
    await waitFor(() => expect(callsTo('POST', '/api/narrative/generate')).toHaveLength(1));
  });

  it("offers 'Generate Your First Story' once a goal is complete, and writes the epic story with no body", async () => {
    const history: StoryHistoryItem[] = [];
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', true)] },
      'GET /api/narrative/history': () => ({ body: history }),
      'POST /api/narrative/generate': () => {
        history.unshift(story('s1'));
        return { status: 201, body: { story: history[0] } };
      },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Your First Story' }));

    await waitFor(() => expect(chronicles()).toHaveLength(1));
    expect(callsTo('POST', '/api/narrative/generate')[0]?.body).toBeUndefined();
    expect(await screen.findByText('Story Written')).toBeTruthy();
  });

  it('offers only completed goals, and Generate Focused Story waits for a choice', async () => {
    const history = [story('s1')];
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', true), goal('g2', 'Read 12 books', false)] },
      'GET /api/narrative/history': () => ({ body: history }),
      'POST /api/narrative/generate': () => {
        history.unshift(story('s2'));
        return { status: 201, body: { story: history[0] } };
      },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    const select = await screen.findByRole('combobox', { name: 'One achievement' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select an achievement...', 'Run a 5K']),
    );
    const focused = screen.getByRole('button', { name: 'Generate Focused Story' });
    expect(focused.hasAttribute('disabled')).toBe(true);

    fireEvent.change(select, { target: { value: 'g1' } });
    expect(focused.hasAttribute('disabled')).toBe(false);
    fireEvent.click(focused);
    await waitFor(() => expect(callsTo('POST', '/api/narrative/generate')).toHaveLength(1));
    expect(callsTo('POST', '/api/narrative/generate')[0]?.body).toEqual({ achievement_id: 'g1' });
    await waitFor(() => expect(chronicles()).toHaveLength(2));
  });

  it('disables both buttons and shows progress while a story is written, following a 202 until it is done', async () => {
    let polls = 0;
    let release: () => void = () => {};
    const history = [story('s1')];
    const { callsTo } = mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', true)] },
      'GET /api/narrative/history': () => ({ body: history }),
      'POST /api/narrative/generate': {
        status: 202,
        body: { status: 'writing', jobId: 'job-1', message: 'The Pathfinder is still writing your story…' },
      },
      'GET /api/narrative/jobs/job-1': async () => {
        polls += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        history.unshift(story('s2', { narrative_type: 'milestone_celebration' }));
        return { body: { story: history[0] } };
      },
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    const epic = await screen.findByRole('button', { name: 'Generate Epic Journey Story' });
    const select = screen.getByRole('combobox', { name: 'One achievement' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(select, { target: { value: 'g1' } });
    fireEvent.click(epic);

    expect(await screen.findByText('The Pathfinder is writing your epic...')).toBeTruthy();
    expect(epic.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Generate Focused Story' }).hasAttribute('disabled')).toBe(
      true,
    );

    await waitFor(() => expect(polls).toBe(1));
    release();
    await waitFor(() => expect(chronicles()).toHaveLength(2));
    expect(callsTo('POST', '/api/narrative/generate')).toHaveLength(1);
    expect(epic.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('The Pathfinder is writing your epic...')).toBeNull();
  });

  it("says why a story could not be written, in the server's words", async () => {
    const refusals = [
      {
        status: 429,
        body: {
          error: 'Daily AI budget spent',
          message: 'The Pathfinder has answered all it can for you today. It rests until midnight UTC.',
          code: 'AI_BUDGET_EXCEEDED',
        },
      },
      // Should a story of nothing ever be asked for (the quest reopened in another tab, say).
      {
        status: 400,
        body: {
          error: 'Nothing to celebrate yet',
          message: NOTHING_TO_CELEBRATE_MESSAGE,
          code: 'NOTHING_TO_CELEBRATE',
        },
      },
    ];
    mockApi({
      'GET /api/goals': { body: [goal('g1', 'Run a 5K', true)] },
      'GET /api/narrative/history': { body: [story('s1')] },
      'POST /api/narrative/generate': () => refusals.shift()!,
    });
    renderWithProviders(<StoriesPage />, { user: testUser });
    const epic = await screen.findByRole('button', { name: 'Generate Epic Journey Story' });
    await waitFor(() => expect(epic.hasAttribute('disabled')).toBe(false));
    fireEvent.click(epic);
    expect(await screen.findByText('Story Failed')).toBeTruthy();
    expect(
      screen.getByText('The Pathfinder has answered all it can for you today. It rests until midnight UTC.'),
    ).toBeTruthy();
    await waitFor(() => expect(epic.hasAttribute('disabled')).toBe(false));
    fireEvent.click(epic);
    expect(await screen.findByText(NOTHING_TO_CELEBRATE_MESSAGE)).toBeTruthy();
  });
});
