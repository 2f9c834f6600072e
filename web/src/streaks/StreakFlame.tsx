import { Flame } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { useStreak } from './streakQueries.ts';

/** The header's flame: the hero's current streak, lit when today already counts. Links to the profile. */
export function StreakFlame() {
  const { data } = useStreak();
  const t = useT();
  if (!data) return null;
  // `days` as written (English reads "1000-day"), `count` for the plural of the other languages.
  const label = t(data.today_done ? 'streak.flame.done' : 'streak.flame.notDone', {
    days: String(data.current),
    count: data.current,
  });
  return (
    <Link
      to="/profile#streak"
      title={label}
      aria-label={label}
      data-testid="header-streak"
      data-today-done={data.today_done}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-semibold phone:px-2 ${
        data.today_done
          ? 'border-orange-400/60 bg-orange-500/15 text-orange-300'
          : 'border-edge bg-night text-muted'
      }`}
    >
      <Flame className={`size-4 ${data.today_done ? 'fill-orange-400 text-orange-400' : ''}`} aria-hidden />
      {data.current}
    </Link>
  );
}
