import { addDays, type ReplanReply, toIsoDate } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingChat } from '../chat/FloatingChat.tsx';
import QuestsPage from '../quests/QuestsPage.tsx';
import type { Goal, Milestone } from '../quests/types.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';

const REPLAN_LABEL = 'Re-plan with The Pathfinder';

// Dates relative to the real day: the card judges "behind" by the browser's clock, as in use.
const today = toIsoDate(new Date());
const start = addDays(today, -20);

const behind: Goal = {
  id: 'g1',
  title: 'Run a 5K',
  deadline: addDays(today, 10),
  class_name: 'general',
  foundation: null,
  is_completed: false,
  progress: 33,
  start_date: start,
};
const onTrack: Goal = { ...behind, id: 'g2', title: 'Read 6 books', deadline: addDays(today, 100) };
const milestones: Milestone[] = [
  {
    id: 'm1',
    goal_id: 'g1',
    title: 'Run 1K',
    is_completed: true,
    xp_reward: 30,
    due_date: addDays(today, -10),
  },
  {
    id: 'm2',
    goal_id: 'g1',
    title: 'Run 3K',
    is_completed: false,
    xp_reward: 40,
    due_date: addDays(today, -2),
  },
  {
    id: 'm3',
    goal_id: 'g1',
    title: 'Run 5K',
    is_completed: false,
    xp_reward: 50,
    due_date: addDays(today, 10),
  },
  {
    id: 'm4',
    goal_id: 'g2',
    title: 'Book one',
    is_completed: false,
    xp_reward: 50,
    due_date: addDays(today, 30),
  },
];

const draft: ReplanReply = {
  needs_confirmation: true,
  reply: 'Here is a new path for "Run a 5K".\nConfirm the plan to update the quest.',
  draftId: 'd1',
  deadline: addDays(today, 30),
  deadline_moved: true,
  reasons: ['One milestone was overdue.'],
  plan: {
    goal_id: 'g1',
    goal: {
      title: 'Run a 5K',
      category: 'fitness',
      difficulty: 'medium',
      metric: { target_value: null, unit: null },
    },
    milestones: [
      { id: 'm1', label: 'Run 1K', due_date: addDays(today, -10), xp_reward: 30, is_completed: true },
      { id: 'm2', label: 'Run 3K', due_date: addDays(today, 15), xp_reward: 40, is_completed: false },
      { id: 'm3', label: 'Run 5K', due_date: addDays(today, 30), xp_reward: 50, is_completed: false },
    ],
    xp_policy: { total_goal_xp: 150, bonuses: { early_milestone: 0, logging_daily: 0 } },
    habits: [],
  },
  current: { goal: behind, milestones: milestones.slice(0, 3) },
};

afterEach(() => vi.unstubAllGlobals());

describe('Re-plan with The Pathfinder', () => {
  it('shows on the quest behind only, puts the draft beside the current plan, and confirms it with the edited title', async () => {
    const api = mockApi({
      'GET /api/goals': { body: [behind, onTrack] },
      'GET /api/milestones': { body: milestones },
      'POST /api/advisor/replan': { body: draft },
      'POST /api/plans/confirm': { body: { goal: { ...behind, title: 'Run a 5K, steadily' }, milestones } },
    });
    renderWithProviders(<QuestsPage />, { user: testUser });
    const card = await screen.findByRole('region', { name: 'Run a 5K' });
    expect(screen.getAllByRole('button', { name: REPLAN_LABEL })).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: REPLAN_LABEL }));

    const dialog = await screen.findByRole('dialog', { name: REPLAN_LABEL });
    const current = await within(dialog).findByRole('region', { name: 'Current plan' });
    const proposed = within(dialog).getByRole('region', { name: 'Proposed plan' });
    expect(within(current).getByText('Run 3K')).toBeTruthy();
    expect(within(proposed).getByText('Run 3K')).toBeTruthy();
    expect(within(dialog).getByText('One milestone was overdue.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/advisor/replan')[0]?.body).toEqual({ goal_id: 'g1' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quest title' }), {
      target: { value: 'Run a 5K, steadily' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/plans/confirm')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/plans/confirm')[0]!.body;
    expect(sent).toMatchObject({ goal_id: 'g1', draftId: 'd1', goal: { title: 'Run a 5K, steadily' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REPLAN_LABEL })).toBeNull());
  });
});

describe('the floating chat', () => {
  it('offers the re-plan of a REPLAN_GOAL action and sends what the hero said as its note', async () => {
    const api = mockApi({
      'POST /api/ai/pathfinder-conversation': {
        body: {
          reply: 'Here is a new path for "Run a 5K".',
          actions: [{ type: 'REPLAN_GOAL', payload: { goalId: 'g1', draftId: 'd0', title: 'Run a 5K' } }],
        },
      },
      'POST /api/advisor/replan': { body: draft },
    });
    renderWithProviders(<FloatingChat heroName="Aria" />, { user: testUser });
    fireEvent.click(screen.getByRole('button', { name: 'Ask The Pathfinder' }));
    const chat = await screen.findByRole('dialog', { name: 'The Pathfinder' });
    const box = within(chat).getByRole('textbox', { name: 'Message The Pathfinder' });
    fireEvent.change(box, { target: { value: 'I fell behind on my 5k' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    fireEvent.click(await within(chat).findByRole('button', { name: REPLAN_LABEL }));
    await screen.findByRole('dialog', { name: REPLAN_LABEL });
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/advisor/replan')[0]?.body).toEqual({
        goal_id: 'g1',
        note: 'I fell behind on my 5k',
      }),
    );
  });
});
