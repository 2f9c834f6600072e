import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  onBack: () => void;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, onBack, children }: AuthCardProps) {
  const t = useT();
  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-md content-center gap-4 px-4 py-10">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex w-fit items-center gap-1.5 rounded text-muted text-sm hover:text-gold"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('auth.backHome')}
      </button>
      <Card className="grid gap-5">
        <div className="grid gap-1 text-center">
          <p className="font-display text-gold text-sm uppercase tracking-[0.3em]">{t('app.name')}</p>
          <h1 className="text-2xl text-parchment">{title}</h1>
          <p className="text-muted text-sm">{subtitle}</p>
        </div>
        {children}
      </Card>
    </main>
  );
}
