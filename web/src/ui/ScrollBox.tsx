import { ScrollArea } from 'radix-ui';
import type { ReactNode, Ref } from 'react';

export interface ScrollBoxProps {
  /** CSS max height, e.g. '12rem' (each list has its own). Without it the box fills its parent. */
  maxHeight?: string;
  label?: string;
  scrollHideDelay?: number;
  /** Classes of the outer box, e.g. to let it grow inside a fixed-height panel. */
  className?: string;
  viewportRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

export function ScrollBox({
  maxHeight,
  label,
  scrollHideDelay,
  className = '',
  viewportRef,
  children,
}: ScrollBoxProps) {
  return (
    <ScrollArea.Root
      type="hover"
      scrollHideDelay={scrollHideDelay}
      className={`overflow-hidden ${className}`}
    >
      {/* A labelled box is a focusable region, so keyboard users can scroll it too (axe:
          scrollable-region-focusable); its text alone gives the arrow keys nothing to land on. */}
      <ScrollArea.Viewport
        ref={viewportRef}
        className={`w-full rounded-md ${maxHeight ? '' : 'h-full'}`}
        style={maxHeight ? { maxHeight } : undefined}
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
