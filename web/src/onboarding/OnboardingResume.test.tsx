import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import OnboardingFlow from './OnboardingFlow.tsx';
import { saveProgress } from './onboardingProgress.ts';

const newHero = { ...testUser, id: 'resumer', isOnboarded: false, name: 'Aria' };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('onboarding that survives a reload', () => {
  it('opens the step in the URL and picks the saved conversation up, name and all', async () => {
    saveProgress(newHero.id, { displayName: 'Sir Aria' });
    mockApi({
      'GET /api/ai/pathfinder-conversation': {
        body: {
          conversation: {
            messages: [
              { role: 'assistant', content: 'Greetings, Sir Aria! What goal calls to you?' },
              { role: 'user', content: 'Run a 10K' },
              { role: 'assistant', content: 'By when, brave one?' },
            ],
            phase: 'initial',
            smartGoalData: {
              specific: 'Run a 10K',
              measurable: null,
              achievable: null,
              relevant: null,
              timeBound: null,
            },
            finalGoal: null,
          },
        },
      },
    });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero, route: '/?step=4' });
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    expect(await screen.findByText('By when, brave one?')).toBeTruthy();
    expect(screen.getByText('Run a 10K')).toBeTruthy();
  });

  it('greets afresh when nothing was saved', async () => {
    mockApi({ 'GET /api/ai/pathfinder-conversation': { body: { conversation: null } } });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero, route: '/?step=4' });
    expect(await screen.findByText(/Greetings, Aria! I am The Pathfinder/)).toBeTruthy();
  });

  it('makes each step a history entry of its own', async () => {
    mockApi({});
    renderWithProviders(
      <>
        <OnboardingFlow user={newHero} />
        <Where />
      </>,
      { user: newHero },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Begin Journey' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?step=2'));
    expect(await screen.findByLabelText('Display name')).toBeTruthy();
  });
});
