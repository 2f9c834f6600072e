import { useEffect, useSyncExternalStore } from 'react';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { rewardsStore, type XpGain } from './rewardsStore.ts';
import { useReducedMotion } from './useReducedMotion.ts';

/** How long a gain is on screen: the rise, or (with reduced motion) a still label. */
export const XP_GAIN_MS = 1_400;

/** The header's XP total, where every gain lands. */
const HEADER_XP = '[data-testid="header-xp"]';

function landOnHeader(reduced: boolean) {
  const total = document.querySelector<HTMLElement>(HEADER_XP);
  if (!total || reduced) return;
  total.animate?.([{ transform: 'scale(1)' }, { transform: 'scale(1.2)' }, { transform: 'scale(1)' }], {
    duration: 400,
  });
}

function Gain({ gain, reduced }: { gain: XpGain; reduced: boolean }) {
  const t = useT();
  const locale = useLocale();
  useEffect(() => {
    const timer = setTimeout(() => {
      landOnHeader(reduced);
      rewardsStore.landed(gain.id);
    }, XP_GAIN_MS);
    return () => clearTimeout(timer);
  }, [gain.id, reduced]);

  const target = document.querySelector(HEADER_XP)?.getBoundingClientRect();
  const to = target ? { x: target.left + target.width / 2, y: target.top + target.height / 2 } : null;
  const from = gain.from ?? to ?? { x: window.innerWidth / 2, y: 80 };
  const dx = to ? to.x - from.x : 0;
  const dy = to ? to.y - from.y : -80;
  return (
    <span
      data-testid="xp-gain"
      data-xp={t('rewards.xpGain', { amount: formatCount(gain.amount, locale) })}
      className="pointer-events-none fixed z-[90] whitespace-nowrap rounded-full border border-gold/60 bg-night/90 px-3 py-1 font-display font-semibold text-gold text-lg shadow-[0_0_18px_-2px] shadow-gold/70"
      style={{
        left: from.x,
        top: from.y,
        transform: 'translate(-50%, -50%)',
        ['--xp-dx' as string]: `${dx}px`,
        ['--xp-dy' as string]: `${dy}px`,
        animation: reduced ? undefined : `xp-rise ${XP_GAIN_MS}ms cubic-bezier(0.2, 0.7, 0.3, 1) forwards`,
      }}
    />
  );
}

/**
 * The "+N XP" of each gain, rising from where it was earned to the header's total, which then pulses.
 * With reduced motion the label stays where it was earned for a moment instead. The header's total
 * itself says the news to a screen reader; this is decoration, so it is hidden from one.
 */
export function XpGainLayer() {
  const { gains } = useSyncExternalStore(rewardsStore.subscribe, rewardsStore.current, rewardsStore.current);
  const reduced = useReducedMotion();
  if (gains.length === 0) return null;
  return (
    <div aria-hidden>
      {gains.map((gain) => (
        <Gain key={gain.id} gain={gain} reduced={reduced} />
      ))}
    </div>
  );
}
