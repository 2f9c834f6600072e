import type { Locale } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Shield } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { formatDay } from '../i18n/format.ts';
import { type Translate, useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast/toastStore.ts';

type MeChange = { name?: string; show_in_rankings?: boolean };

/** PATCH /api/auth/me: the answer is the hero as they are now, and every board may change with it. */
function useUpdateMe() {
  const queryClient = useQueryClient();
  const t = useT();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (change: MeChange) => api.patch<User>('/api/auth/me', change),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboards });
    },
    onError: (error: Error) =>
      toast({ title: t('hall.notSaved'), description: errorText(error), variant: 'destructive' }),
  });
}

/** The time a hero may rename again, in their own words: the day and the hour. */
function renameTime(iso: string, locale: Locale, t: Translate): string {
  const time = new Date(iso).toLocaleTimeString(locale === 'en' ? 'en-US' : locale, {
    hour: 'numeric',
    minute: '2-digit',
  });
  return t('hall.renameAt', { day: formatDay(iso, locale), time });
}

/** How the hero appears in the Fellowship Hall: their name (once a day) and whether they are ranked. */
export function HallSettings({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const [name, setName] = useState(user.name);
  const update = useUpdateMe();
  const renameLocked = user.nextRenameAt !== null;
  const unchanged = name.trim() === user.name;

  function rename(event: FormEvent) {
    event.preventDefault();
    if (unchanged || renameLocked || update.isPending) return;
    update.mutate(
      { name },
      {
        onSuccess: (updated) => {
          setName(updated.name);
          toast({
            title: t('hall.renamed.title'),
            description: t('hall.renamed.body', { name: updated.name }),
          });
        },
      },
    );
  }

  return (
    <Card aria-labelledby="hall-settings-title" className="grid gap-4">
      <h2 id="hall-settings-title" className="flex items-center gap-2 text-gold text-xl">
        <Shield className="size-5" aria-hidden />
        {t('hall.title')}
      </h2>
      <form onSubmit={rename} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          label={t('hall.name')}
          value={name}
          maxLength={80}
          disabled={renameLocked}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={unchanged || renameLocked || update.isPending}>
          {update.isPending && update.variables?.name !== undefined ? t('hall.saving') : t('hall.rename')}
        </Button>
        <p className="text-muted text-xs sm:col-span-2" data-testid="rename-hint">
          {renameLocked && user.nextRenameAt
            ? t('hall.renameLocked', { when: renameTime(user.nextRenameAt, locale, t) })
            : t('hall.renameHint')}
        </p>
      </form>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-edge bg-night/50 p-3">
        <input
          type="checkbox"
          role="switch"
          aria-checked={user.showInRankings}
          className="mt-1 size-5 accent-gold"
          checked={user.showInRankings}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ show_in_rankings: event.target.checked })}
        />
        <span className="grid gap-0.5">
          <span className="font-medium text-parchment">{t('hall.ranked')}</span>
          <span className="text-muted text-xs">
            {user.showInRankings ? t('hall.rankedOn') : t('hall.rankedOff')}
          </span>
        </span>
      </label>
    </Card>
  );
}
