import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { NeedsNetwork } from './NeedsNetwork.tsx';
import { OfflineStatus } from './OfflineStatus.tsx';
import { type QueuedChange, queuedMilestoneState } from './queue.ts';
import { addRefusal, dismissRefusals } from './refusals.ts';

const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

afterEach(() => {
  goOnline();
  act(() => dismissRefusals());
});

describe('offline screens', () => {
  it('says the app is offline and since when, and nothing once it is back', () => {
    render(<OfflineStatus />, { wrapper: I18nProvider });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOffline();
    expect(screen.getByTestId('offline-banner').textContent).toMatch(
      /You are offline since .+: showing what you last saw\. Check-offs are kept/,
    );
    goOnline();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows what the server refused on replay until the hero dismisses it', () => {
    render(<OfflineStatus />, { wrapper: I18nProvider });
    act(() => addRefusal({ key: 'k1', what: '"Buy paint" marked done', reason: 'Milestone not found' }));
    expect(screen.getByRole('alert').textContent).toContain('"Buy paint" marked done: Milestone not found');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a screen that needs the network aside while offline, instead of letting it spin', () => {
    render(
      <NeedsNetwork screen="Stories">
        <p>the stories</p>
      </NeedsNetwork>,
      { wrapper: I18nProvider },
    );
    expect(screen.getByText('the stories')).toBeTruthy();
    goOffline();
    expect(screen.queryByText('the stories')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Stories needs a connection' })).toBeTruthy();
  });
});

it('reads a milestone as its last queued set, or as nothing queued', () => {
  const set = (milestoneId: string, completed: boolean): QueuedChange => ({
    kind: 'milestone',
    key: crypto.randomUUID(),
    heroId: 'h',
    milestoneId,
    title: milestoneId,
    completed,
    queuedAt: new Date(0).toISOString(),
  });
  const queue = [set('a', true), set('b', true), set('a', false)];
  expect(queuedMilestoneState(queue, 'a')).toBe(false);
  expect(queuedMilestoneState(queue, 'b')).toBe(true);
  expect(queuedMilestoneState(queue, 'c')).toBeUndefined();
});

describe('the install offer', () => {
  it('is made once, on the profile, after the browser offered to install; "Not now" ends it for good', async () => {
    const { captureInstallPrompt } = await import('./install.ts');
    const { InstallOffer } = await import('./InstallOffer.tsx');
    localStorage.removeItem('lifequest.install.offered');
    captureInstallPrompt();
    const browserPrompt = () =>
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
    render(<InstallOffer />, { wrapper: I18nProvider });
    expect(screen.queryByRole('button', { name: 'Install LifeQuest' })).toBeNull();
    const offered = browserPrompt();
    act(() => void window.dispatchEvent(offered));
    expect(offered.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: 'Install LifeQuest' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Not now' }).click());
    expect(screen.queryByRole('button', { name: 'Install LifeQuest' })).toBeNull();
    act(() => void window.dispatchEvent(browserPrompt()));
    expect(screen.queryByRole('button', { name: 'Install LifeQuest' })).toBeNull();
  });
});
