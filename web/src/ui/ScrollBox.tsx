import { ScrollArea } from 'radix-ui';
import type { ReactNode } from 'react';

export interface ScrollBoxProps {
  /** CSS max height, e.g. '12rem' (spec 9 fixes these per list). */
  maxHeight: string;
  label?: string;
  scrollHideDelay?: number;
  children: ReactNode;
}

export function ScrollBox({ maxHeight, label, scrollHideDelay, children }: ScrollBoxProps) {
  return (
    <ScrollArea.Root type="hover" scrollHideDelay={scrollHideDelay} className="overflow-hidden">
      {/* A labelled box is a focusable region, so keyboard users can scroll it too (axe:
          scrollable-region-focusable); its text alone gives the arrow keys nothing to land on. */}
      <ScrollArea.Viewport
        className="w-full rounded-md"
        style={{ maxHeight }}
        {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </ScrollArea.Viewport>
      <ScrollArea.Scrollbar orientation="vertical" className="flex w-2 touch-none select-none p-0.5">
        <ScrollArea.Thumb className="relative flex-1 rounded-full bg-gold/40" />
      </ScrollArea.Scrollbar>
    </ScrollArea.Root>
  );
}
