import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';
import { useNetwork } from './network.ts';

/**
 * A screen that only works online (The Pathfinder, stories, the Fellowship Hall, admin) says so while
 * the app is offline, instead of spinning on calls that cannot answer.
 */
export function NeedsNetwork({ screen, children }: { screen: string; children: ReactNode }) {
  const { online } = useNetwork();
  const t = useT();
  if (online) return children;
  return (
    <Card className="grid justify-items-center gap-3 py-12 text-center" data-testid="needs-network">
      <WifiOff className="size-10 text-gold/70" aria-hidden />
      <h1 className="text-parchment text-xl">{t('offline.needs.title', { screen })}</h1>
      <p className="max-w-sm text-muted">{t('offline.needs.body')}</p>
    </Card>
  );
}
