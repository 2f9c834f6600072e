import type { HTMLAttributes } from 'react';

export function Badge({ className = '', ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 font-semibold text-xs ${className || 'border-gold/40 bg-gold/10 text-gold'}`}
      {...props}
    />
  );
}
