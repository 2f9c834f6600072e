import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/** What a screen that failed to render shows instead of a blank page: what happened and a way back. */
export function ScreenFailed({ onBack }: { onBack: () => void }) {
  const t = useT();
  return (
    <Card
      role="alert"
      className="grid justify-items-center gap-3 py-12 text-center"
      data-testid="screen-failed"
    >
      <TriangleAlert className="size-12 text-red-300" aria-hidden />
      <h1 className="text-parchment text-xl">{t('shell.failed.title')}</h1>
      <p className="max-w-md text-muted">{t('shell.failed.body')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" onClick={onBack} className={buttonClasses('secondary')}>
          {t('shell.failed.back')}
        </Link>
        <Button variant="ghost" onClick={() => window.location.reload()}>
          {t('shell.failed.reload')}
        </Button>
      </div>
    </Card>
  );
}
