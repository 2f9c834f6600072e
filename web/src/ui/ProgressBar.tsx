export interface ProgressBarProps {
  /** 0-100; values outside are clamped so a bad server number never overflows the track. */
  value: number;
  label: string;
  barClassName?: string;
  className?: string;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export function ProgressBar({ value, label, barClassName = 'bg-gold', className = '' }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className={`h-2.5 w-full overflow-hidden rounded-full bg-night/80 ring-1 ring-edge ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] ${barClassName}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
