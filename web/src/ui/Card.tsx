import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={`rounded-xl border border-edge bg-surface/90 p-4 shadow-lg shadow-black/30 sm:p-6 ${className}`}
      {...props}
    />
  );
}
