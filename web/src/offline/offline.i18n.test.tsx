import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../shell/AppRoutes.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import { OfflineStatus } from './OfflineStatus.tsx';
import { PendingMark } from './PendingMark.tsx';
import type { QueuedChange } from './queue.ts';
import { addRefusal, dismissRefusals } from './refusals.ts';

// The queue lives in IndexedDB, which the test browser has not: its hook reads a list the test sets.
const queue = vi.hoisted(() => ({ changes: [] as QueuedChange[] }));
vi.mock('./queue.ts', async (original) => ({
  ...(await original<typeof import('./queue.ts')>()),
  useQueuedChanges: () => queue.changes,
}));

const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

const checkOff = (milestoneId: string): QueuedChange => ({
  kind: 'milestone',
  key: crypto.randomUUID(),
  heroId: 'u1',
  milestoneId,
  title: milestoneId,
  completed: true,
  queuedAt: new Date(0).toISOString(),
});

englishAfterEach();
afterEach(() => {
  goOnline();
  act(() => dismissRefusals());
  queue.changes = [];
});

describe('the offline notices in Spanish and German', () => {
  it('in Spanish: the banner counts what waits, one and many', async () => {
    await speak('es');
    queue.changes = [checkOff('a')];
    renderWithProviders(<OfflineStatus />);
    goOffline();
    const banner = () => screen.getByTestId('offline-banner').textContent;
    expect(banner()).toMatch(
      /^Estás sin conexión desde las .+: ves lo último que cargaste\. 1 cambio espera para sincronizarse\.$/,
    );
    queue.changes = [checkOff('a'), checkOff('b'), checkOff('c')];
    goOnline();
    goOffline();
    expect(banner()).toContain('3 cambios esperan para sincronizarse.');
  });

  it('in German: a refused change named and its reason told by code; a pending check-off marked', async () => {
    await speak('de');
    queue.changes = [checkOff('m1'), checkOff('m2')];
    renderWithProviders(
      <>
        <OfflineStatus />
        <PendingMark milestoneId="m1" />
      </>,
    );
    goOffline();
    expect(screen.getByTestId('offline-banner').textContent).toContain(
      '2 Änderungen warten auf die Synchronisierung.',
    );
    expect(screen.getByText('Wartet auf Synchronisierung')).toBeTruthy();
    act(() =>
      addRefusal({
        key: 'k1',
        what: '"Buy paint" marked done',
        reason: 'Milestone not found',
        change: { kind: 'milestone', title: 'Buy paint', completed: true },
        code: 'MILESTONE_NOT_FOUND',
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Einige offline gemachte Änderungen konnten nicht gespeichert werden:',
    );
    expect(alert.textContent).toContain('„Buy paint“ als erledigt markiert: Meilenstein nicht gefunden.');
    act(() => screen.getByRole('button', { name: 'Schließen' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in German: a screen that needs the network names itself', async () => {
    await speak('de');
    goOffline();
    renderWithProviders(<AppRoutes />, { route: '/social' });
    expect(
      await screen.findByRole('heading', { name: 'Die Halle der Gefährten braucht eine Verbindung' }),
    ).toBeTruthy();
    expect(screen.getByText(/^Du bist offline\. Deine Quests, Meilensteine und dein Profil/)).toBeTruthy();
  });
});
