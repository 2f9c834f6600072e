import { addDays, MAX_FREEZES, MAX_VACATION_DAYS, toIsoDate } from '@lifequest/proto';
import { Flame, Snowflake } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../auth/user.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount, formatIsoDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Field.tsx';
import { browserTimeZone, useSetTimeZone, useStreak, useVacation } from './streakQueries.ts';

/** The profile's streak card: the numbers, the rules in a sentence each, a vacation, the time zone. */
export function StreakCard({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const { data } = useStreak();
  const vacation = useVacation();
  const setZone = useSetTimeZone();
  const today = toIsoDate(new Date());
  const [until, setUntil] = useState(addDays(today, 7));
  const [zone, setZoneInput] = useState(user.timezone);
  const browserZone = browserTimeZone();
  return (
    <Card id="streak" aria-labelledby="streak-title" className="grid gap-4">
      <h2 id="streak-title" className="flex items-center gap-2 text-gold text-xl">
        <Flame className="size-5 text-orange-400" aria-hidden />
        {t('streak.title')}
      </h2>
      {data ? (
        <dl className="grid grid-cols-3 gap-2">
          {[
            { id: 'current', label: t('streak.current'), value: formatCount(data.current, locale) },
            { id: 'longest', label: t('streak.longest'), value: formatCount(data.longest, locale) },
            { id: 'freezes', label: t('streak.freezes'), value: `${data.freezes_available}/${MAX_FREEZES}` },
          ].map((stat) => (
            <div key={stat.id} className="rounded-lg border border-edge bg-night/50 p-2 text-center">
              <dt className="text-muted text-xs">{stat.label}</dt>
              <dd className="font-display text-gold text-xl" data-testid={`streak-${stat.id}`}>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ul className="grid gap-1 text-muted text-sm">
        <li>{t('streak.rule.day')}</li>
        <li>
          <Snowflake className="inline size-4 text-sky-300" aria-hidden />{' '}
          {t('streak.rule.freeze', { max: MAX_FREEZES })}
        </li>
        <li>{t('streak.rule.vacation', { max: MAX_VACATION_DAYS })}</li>
      </ul>
      {data?.vacation_until ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-parchment" data-testid="vacation-until">
            {t('streak.onVacation', { date: formatIsoDay(data.vacation_until, locale) })}
          </p>
          <Button variant="secondary" onClick={() => vacation.end.mutate()} disabled={vacation.end.isPending}>
            {t('streak.endVacation')}
          </Button>
        </div>
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            vacation.start.mutate(until);
          }}
        >
          <Field
            label={t('streak.vacationUntil')}
            type="date"
            min={today}
            max={addDays(today, MAX_VACATION_DAYS)}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={!until || vacation.start.isPending}>
            {t('streak.pause')}
          </Button>
        </form>
      )}
      {vacation.start.error ? (
        <p className="text-red-400 text-sm">{errorText(vacation.start.error)}</p>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setZone.mutate(zone.trim());
        }}
      >
        <Field
          label={t('streak.timeZone')}
          value={zone}
          onChange={(event) => setZoneInput(event.target.value)}
          placeholder={t('streak.timeZonePlaceholder')}
        />
        <Button type="submit" variant="secondary" disabled={!zone.trim() || setZone.isPending}>
          {t('streak.saveTimeZone')}
        </Button>
        {browserZone && browserZone !== zone ? (
          <Button variant="ghost" onClick={() => setZoneInput(browserZone)}>
            {t('streak.useZone', { zone: browserZone })}
          </Button>
        ) : null}
      </form>
      {setZone.error ? <p className="text-red-400 text-sm">{errorText(setZone.error)}</p> : null}
    </Card>
  );
}
