import { type DisciplineMastery, disciplineMastery, levelProgress } from '@lifequest/proto';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import type { User } from '../auth/user.ts';
import { foundationIcons } from '../foundations/foundationIcons.ts';
import { foundationName } from '../foundations/foundationText.ts';
import { foundationTheme } from '../foundations/foundationTheme.ts';
import { classTitleText } from '../i18n/classTitle.ts';
import { formatCount, formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { InstallOffer } from '../offline/InstallOffer.tsx';
import { useGoals, useMilestones } from '../quests/questQueries.ts';
import type { Goal, Milestone } from '../quests/types.ts';
import { StreakCard } from '../streaks/StreakCard.tsx';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { CalendarCard } from './CalendarCard.tsx';
import { DataTransferCard } from './DataTransferCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { GoalDistributionChart } from './GoalDistributionChart.tsx';
import { HallSettings } from './HallSettings.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { XpHistoryCard } from './XpHistoryCard.tsx';

function HeroProfile({ user, goals, milestones }: { user: User; goals: Goal[]; milestones: Milestone[] }) {
  const t = useT();
  const locale = useLocale();
  const level = levelProgress(user.totalXP);
  const since = formatDay(user.createdAt, locale);
  const stats = [
    { label: t('profile.stat.quests'), value: goals.length },
    { label: t('profile.stat.completed'), value: goals.filter((goal) => goal.is_completed).length },
    {
      label: t('profile.stat.milestones'),
      value: milestones.filter((milestone) => milestone.is_completed).length,
    },
  ];
  return (
    <Card aria-labelledby="hero-name" className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-center">
      <div
        aria-hidden
        className="grid size-24 place-items-center justify-self-center rounded-full border-4 border-gold bg-surface-2 font-display text-4xl text-gold shadow-[0_0_30px_-5px] shadow-gold/50"
      >
        {user.name.trim().charAt(0).toUpperCase() || '?'}
      </div>
      <div className="grid gap-3 text-center sm:text-left">
        <div>
          <h1 id="hero-name" className="break-words text-2xl text-parchment sm:text-3xl">
            {user.name}
          </h1>
          <p className="text-gold">{classTitleText(user.activeClassTitle, t)}</p>
          {since ? <p className="text-muted text-xs">{t('profile.since', { since })}</p> : null}
        </div>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <Badge>{t('profile.level', { level: user.lifeLevel })}</Badge>
          <Badge className="border-edge bg-night text-parchment">
            {t('profile.xp', { xp: formatCount(user.totalXP, locale) })}
          </Badge>
        </div>
        <div className="grid gap-1">
          <ProgressBar value={level.percent} label={t('profile.progressLabel')} />
          <p className="text-muted text-xs">
            {t('profile.toNextLevel', {
              into: formatCount(level.xpIntoLevel, locale),
              needed: formatCount(level.xpForNextLevel, locale),
              next: level.level + 1,
            })}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-2">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border border-edge bg-night/50 p-2 text-center">
              <dt className="text-muted text-xs">{stat.label}</dt>
              <dd className="font-display text-gold text-xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}

function MasteryCard({ entry }: { entry: DisciplineMastery }) {
  const t = useT();
  const locale = useLocale();
  const theme = foundationTheme[entry.discipline];
  const Icon = foundationIcons[entry.discipline];
  return (
    <li
      className={`grid gap-3 rounded-xl border bg-surface/90 p-4 ${theme.border}`}
      data-discipline={entry.discipline}
    >
      <div className="flex items-center gap-2">
        <Icon className={`size-6 ${theme.text}`} aria-hidden />
        <h3 className="flex-1 text-lg text-parchment">{foundationName(t, entry.discipline)}</h3>
        <Badge className={theme.badge}>{t('profile.level', { level: entry.level })}</Badge>
      </div>
      <ProgressBar
        value={entry.progress}
        label={t('profile.mastery.progress', { discipline: foundationName(t, entry.discipline) })}
        barClassName={theme.bar}
      />
      <div className="flex justify-between text-muted text-xs">
        <span data-testid="mastery-xp">{t('profile.xp', { xp: formatCount(entry.xp, locale) })}</span>
        <span>{t('profile.mastery.complete', { done: entry.completedCount, total: entry.goalCount })}</span>
      </div>
    </li>
  );
}

export default function ProfilePage() {
  const { user } = useCurrentUser();
  const goals = useGoals();
  const milestones = useMilestones();
  const t = useT();

  if (!user) return <p className="py-16 text-center text-muted">{t('profile.signedOut')}</p>;

  const goalList = goals.data ?? [];
  const mastery = disciplineMastery(goalList);

  return (
    <div className="grid gap-6">
      <HeroProfile user={user} goals={goalList} milestones={milestones.data ?? []} />
      {/* The hero's standing first (streak, mastery, history), settings after, Delete my account last:
          on a phone the page is one long column, and what changes daily belongs near the top. */}
      <StreakCard user={user} />

      <section aria-labelledby="mastery-title" className="grid gap-3">
        <h2 id="mastery-title" className="text-gold text-xl">
          {t('profile.mastery.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {mastery.map((entry) => (
            <MasteryCard key={entry.discipline} entry={entry} />
          ))}
        </ul>
      </section>

      <Card aria-labelledby="distribution-title" className="grid gap-4">
        <h2 id="distribution-title" className="text-gold text-xl">
          {t('profile.distribution.title')}
        </h2>
        {goalList.length === 0 ? (
          <p className="text-muted">{t('profile.distribution.empty')}</p>
        ) : (
          <div className="grid items-center gap-4 sm:grid-cols-2">
            <div className="grid place-items-center" aria-hidden>
              <GoalDistributionChart mastery={mastery} />
            </div>
            <ul className="grid gap-2" aria-label={t('profile.distribution.label')}>
              {mastery.map((entry) => (
                <li key={entry.discipline} className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="size-3 rounded-full"
                    style={{ background: foundationTheme[entry.discipline].hex }}
                  />
                  <span className="flex-1 text-parchment">{foundationName(t, entry.discipline)}</span>
                  <span className="text-muted" data-testid={`distribution-${entry.discipline}`}>
                    {t('profile.distribution.share', {
                      count: entry.goalCount,
                      percent: Math.round((entry.goalCount / goalList.length) * 100),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>

      <XpHistoryCard totalXP={user.totalXP} />

      <HallSettings key={`${user.name}:${user.nextRenameAt}`} user={user} />

      <LanguageCard user={user} />

      <CalendarCard />

      <InstallOffer />

      <DataTransferCard />

      <DeleteAccountCard />
    </div>
  );
}
