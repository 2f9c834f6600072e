import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeStore } from '../i18n/localeStore.ts';
import { renderWithProviders } from '../test/render.tsx';
import { speak } from '../test/speak.ts';
import { rewardsStore } from './rewardsStore.ts';
import { XP_GAIN_MS, XpGainLayer } from './XpGainLayer.tsx';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  act(() => rewardsStore.clear());
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localeStore.set('en');
});

describe('+N XP', () => {
  it('rises from where it was earned, then lands and is gone', () => {
    vi.useFakeTimers();
    prefersReducedMotion(false);
    const { container } = renderWithProviders(<XpGainLayer />);
    act(() => {
      rewardsStore.gainXp(25, { x: 100, y: 400 });
    });
    const gain = container.querySelector<HTMLElement>('[data-testid="xp-gain"]');
    expect(gain?.dataset.xp).toBe('+25 XP');
    expect(gain?.style.left).toBe('100px');
    expect(gain?.style.animation).toContain('xp-rise');
    act(() => {
      vi.advanceTimersByTime(XP_GAIN_MS);
    });
    expect(container.querySelector('[data-testid="xp-gain"]')).toBeNull();
  });

  it('stays still where it was earned when the hero asks for reduced motion', () => {
    prefersReducedMotion(true);
    const { container } = renderWithProviders(<XpGainLayer />);
    act(() => {
      rewardsStore.gainXp(40, { x: 10, y: 20 });
    });
    const gain = container.querySelector<HTMLElement>('[data-testid="xp-gain"]');
    expect(gain?.dataset.xp).toBe('+40 XP');
    expect(gain?.style.animation).toBe('');
  });

  it('reads the language’s own word for XP, the amount grouped its way', async () => {
    await speak('de');
    prefersReducedMotion(true);
    const { container } = renderWithProviders(<XpGainLayer />);
    act(() => {
      rewardsStore.gainXp(1500, { x: 10, y: 20 });
    });
    const gain = container.querySelector<HTMLElement>('[data-testid="xp-gain"]');
    expect(gain?.dataset.xp).toBe('+1.500 EP');
  });
});
