import type { CalendarFeedAddress } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { api } from '../api/http.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { inputClasses } from '../ui/Field.tsx';

const CALENDAR_KEY = ['/api/calendar'] as const;

/** "Subscribe in your calendar": the hero's secret feed address, to copy, and a way to replace it. */
export function CalendarCard() {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const address = useQuery({
    queryKey: CALENDAR_KEY,
    queryFn: () => api.get<CalendarFeedAddress>('/api/calendar'),
    enabled: shown,
  });
  const rotate = useMutation({
    mutationFn: () => api.post<CalendarFeedAddress>('/api/calendar/rotate'),
    onSuccess: (fresh) => {
      queryClient.setQueryData(CALENDAR_KEY, fresh);
      setCopied(false);
    },
  });
  const url = address.data?.url;
  return (
    <Card aria-labelledby="calendar-title" className="grid gap-3">
      <h2 id="calendar-title" className="flex items-center gap-2 text-gold text-xl">
        <CalendarDays className="size-5" aria-hidden />
        {t('calendar.title')}
      </h2>
      <p className="text-muted text-sm">{t('calendar.body')}</p>
      {!shown ? (
        <Button variant="secondary" className="justify-self-start" onClick={() => setShown(true)}>
          {t('calendar.show')}
        </Button>
      ) : url ? (
        <div className="flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={url}
            aria-label={t('calendar.address')}
            className={inputClasses('min-w-0 flex-1 font-mono text-xs')}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            <Copy className="size-4" aria-hidden />
            {copied ? t('calendar.copied') : t('calendar.copy')}
          </Button>
          <Button variant="ghost" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            <RefreshCw className="size-4" aria-hidden />
            {t('calendar.rotate')}
          </Button>
        </div>
      ) : (
        <p className="text-muted text-sm">
          {address.isError ? errorText(address.error) : t('calendar.loading')}
        </p>
      )}
    </Card>
  );
}
