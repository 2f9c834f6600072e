import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onOpenChatRequest } from '../chat/openChat.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { NewQuestButton } from './NewQuestButton.tsx';
import QuestsPage from './QuestsPage.tsx';

function wide(isWide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isWide && query.includes('min-width: 1024px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('New Quest', () => {
  it('opens the chat bubble on a small screen', () => {
    wide(false);
    const opened = vi.fn();
    const stop = onOpenChatRequest(opened);
    renderWithProviders(<NewQuestButton />);
    fireEvent.click(screen.getByRole('button', { name: 'New Quest' }));
    stop();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('opens the AI Coach on a large screen', () => {
    wide(true);
    renderWithProviders(
      <>
        <NewQuestButton />
        <Where />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New Quest' }));
    expect(screen.getByTestId('where').textContent).toBe('/pathfinder?tab=chat');
  });

  it('is in the dashboard heading and in the empty state, which speaks to an onboarded hero', async () => {
    mockApi({ 'GET /api/goals': { body: [] }, 'GET /api/milestones': { body: [] } });
    renderWithProviders(<QuestsPage />, { user: testUser });
    expect(await screen.findByText('No Active Quests')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New Quest' })).toHaveLength(2);
    expect(screen.getByText(/Your next adventure is one conversation away/)).toBeTruthy();
  });
});
