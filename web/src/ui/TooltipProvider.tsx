import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tooltips open after 700 ms, and within 300 ms of closing one the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Screens with tooltips wrap themselves in this rather than the app root, so the positioning engine
 * tooltips need stays out of the first download.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
