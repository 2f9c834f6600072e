import { isLocale, LOCALES, type Locale } from '@lifequest/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { User } from '../auth/user.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { localeStore } from '../i18n/localeStore.ts';
import { useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';
import { inputClasses } from '../ui/Field.tsx';
import { toast } from '../ui/toast/toastStore.ts';

const BROWSER = 'browser';

/** The app's language, kept on the account (PATCH /api/auth/me { locale }) so it follows the hero. */
export function LanguageCard({ user }: { user: User }) {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (locale: Locale | null) => api.patch<User>('/api/auth/me', { locale }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.me, updated);
      localeStore.follow(updated.locale);
    },
    onError: (error: Error) =>
      toast({ title: t('hall.notSaved'), description: errorText(error), variant: 'destructive' }),
  });
  return (
    <Card aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-gold text-xl">
        <Languages className="size-5" aria-hidden />
        {t('language.title')}
      </h2>
      <label htmlFor={id} className="font-medium text-parchment text-sm">
        {t('language.label')}
      </label>
      <select
        id={id}
        className={inputClasses('sm:max-w-xs')}
        value={user.locale ?? BROWSER}
        disabled={save.isPending}
        onChange={(event) => save.mutate(isLocale(event.target.value) ? event.target.value : null)}
      >
        <option value={BROWSER}>{t('language.browser')}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </Card>
  );
}
