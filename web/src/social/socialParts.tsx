import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/Card.tsx';

/** A hero's initial in a ring: heroes have no pictures. */
export function HeroAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden
      className={`grid shrink-0 place-items-center rounded-full border-2 border-gold/60 bg-surface-2 font-display text-gold ${
        size === 'sm' ? 'size-9 text-base' : 'size-11 text-lg'
      }`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export function EmptyTab({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid justify-items-center gap-2 py-10 text-center">
      <Icon className="size-10 text-gold/70" aria-hidden />
      <h2 className="text-lg text-parchment">{title}</h2>
      <p className="max-w-sm text-muted text-sm">{children}</p>
    </Card>
  );
}
