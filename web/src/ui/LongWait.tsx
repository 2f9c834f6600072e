import { useEffect, useState } from 'react';
import { useT } from '../i18n/useT.ts';

/** Seconds since `active` turned true, ticking once a second; 0 while inactive. */
export function useElapsedSeconds(active: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return seconds;
}

/**
 * Progress for a wait that takes seconds (a story being written, a plan being drafted): what is
 * happening, a moving bar and the time so far, so the page never looks frozen. A status region, so it
 * is announced once when it appears.
 */
export function LongWait({ label, hint }: { label: string; hint?: string }) {
  const seconds = useElapsedSeconds(true);
  const t = useT();
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-gold/30 bg-gold/5 p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold text-gold">{label}</span>
        <span className="text-muted text-xs tabular-nums" aria-hidden>
          {t('ui.seconds', { seconds })}
        </span>
      </div>
      <div aria-hidden className="relative h-1.5 overflow-hidden rounded-full bg-night/80">
        <div className="absolute inset-y-0 w-1/3 animate-[long-wait_1.6s_ease-in-out_infinite] rounded-full bg-gold motion-reduce:left-1/3 motion-reduce:animate-none" />
      </div>
      {hint ? <p className="text-muted text-xs">{hint}</p> : null}
    </div>
  );
}
