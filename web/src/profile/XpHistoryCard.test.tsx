import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { XpHistoryCard } from './XpHistoryCard.tsx';

it('lists the XP history with its titles, a reopening negative, and draws total XP by day', async () => {
  mockApi({
    'GET /api/xp/history': {
      body: {
        items: [
          {
            at: '2026-01-06T10:00:00.000Z',
            amount: -50,
            reason: 'milestone_reopened',
            milestone_title: 'Run 2K',
            quest_title: 'Run 5K',
          },
          {
            at: '2026-01-05T09:00:00.000Z',
            amount: 50,
            reason: 'milestone_completed',
            milestone_title: 'Run 2K',
            quest_title: 'Run 5K',
          },
          {
            at: '2026-01-04T09:00:00.000Z',
            amount: 30,
            reason: 'milestone_completed',
            milestone_title: 'Stretch',
          },
        ],
      },
    },
  });
  renderWithProviders(<XpHistoryCard totalXP={30} />);
  const list = await screen.findByRole('list', { name: 'XP history' });
  const lines = within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(lines).toEqual([
    '-50 XPMilestone reopened: Run 2K · Run 5K2026-01-06',
    '+50 XPMilestone completed: Run 2K · Run 5K2026-01-05',
    '+30 XPMilestone completed: Stretch2026-01-04',
  ]);
  const chart = screen.getByRole('img', { name: 'Total XP by day' });
  expect([...chart.querySelectorAll('circle title')].map((t) => t.textContent)).toEqual([
    '2026-01-03: 0 XP',
    '2026-01-04: 30 XP',
    '2026-01-05: 80 XP',
    '2026-01-06: 30 XP',
  ]);
});
