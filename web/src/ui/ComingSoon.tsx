import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/Card.tsx';

/** Routes that exist now and get their full screens in the next part of the web app. */
export function ComingSoon({ title, text, icon: Icon }: { title: string; text: string; icon: LucideIcon }) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl text-gold sm:text-3xl">{title}</h1>
      <Card className="grid justify-items-center gap-3 py-12 text-center">
        <Icon className="size-12 text-gold/70" aria-hidden />
        <p className="max-w-md text-muted">{text}</p>
      </Card>
    </div>
  );
}
