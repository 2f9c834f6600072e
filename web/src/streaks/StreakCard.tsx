import { addDays, MAX_FREEZES, MAX_VACATION_DAYS, toIsoDate } from '@lifequest/proto';
import { Flame, Snowflake } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../auth/user.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Field.tsx';
import { browserTimeZone, useSetTimeZone, useStreak, useVacation } from './streakQueries.ts';

/** The profile's streak card: the numbers, the rules in a sentence each, a vacation, the time zone. */
export function StreakCard({ user }: { user: User }) {
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
        Daily Streak
      </h2>
      {data ? (
        <dl className="grid grid-cols-3 gap-2">
          {[
            { label: 'Current', value: data.current },
            { label: 'Longest', value: data.longest },
            { label: 'Freezes', value: `${data.freezes_available}/${MAX_FREEZES}` },
          ].map((stat) => (
            <div key={stat.label} className="rounded-lg border border-edge bg-night/50 p-2 text-center">
              <dt className="text-muted text-xs">{stat.label}</dt>
              <dd
                className="font-display text-gold text-xl"
                data-testid={`streak-${stat.label.toLowerCase()}`}
              >
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ul className="grid gap-1 text-muted text-sm">
        <li>A day counts when you complete a milestone or quest, or log progress, in your own time zone.</li>
        <li>
          <Snowflake className="inline size-4 text-sky-300" aria-hidden /> Every 7 days in a row earns a
          freeze (you hold at most {MAX_FREEZES}); a missed day spends one instead of ending your streak.
        </li>
        <li>A vacation pauses your streak without spending freezes, for up to {MAX_VACATION_DAYS} days.</li>
      </ul>
      {data?.vacation_until ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-parchment" data-testid="vacation-until">
            On vacation until {data.vacation_until}
          </p>
          <Button variant="secondary" onClick={() => vacation.end.mutate()} disabled={vacation.end.isPending}>
            End vacation
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
            label="Vacation until"
            type="date"
            min={today}
            max={addDays(today, MAX_VACATION_DAYS)}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={!until || vacation.start.isPending}>
            Pause my streak
          </Button>
        </form>
      )}
      {vacation.start.error ? <p className="text-red-400 text-sm">{vacation.start.error.message}</p> : null}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setZone.mutate(zone.trim());
        }}
      >
        <Field
          label="Time zone"
          value={zone}
          onChange={(event) => setZoneInput(event.target.value)}
          placeholder="Europe/Paris"
        />
        <Button type="submit" variant="secondary" disabled={!zone.trim() || setZone.isPending}>
          Save time zone
        </Button>
        {browserZone && browserZone !== zone ? (
          <Button variant="ghost" onClick={() => setZoneInput(browserZone)}>
            Use {browserZone}
          </Button>
        ) : null}
      </form>
      {setZone.error ? <p className="text-red-400 text-sm">{setZone.error.message}</p> : null}
    </Card>
  );
}
