import type { LeaderboardEntry, LeaderboardType } from '@lifequest/proto';
import { EyeOff, Trophy } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { classTitleText } from '../i18n/classTitle.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { rankStyle } from './rankStyle.ts';
import { EmptyTab, HeroAvatar } from './socialParts.tsx';
import { type RankingScope, useLeaderboard } from './socialQueries.ts';

function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a border and a legend; a group of pressed buttons is the control
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-edge bg-night/60 p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`min-h-9 rounded-md px-3 py-1.5 font-medium text-sm transition-colors ${
            option.value === value ? 'bg-gold text-night' : 'text-muted hover:text-parchment'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function RankRow({ entry, type, isMe }: { entry: LeaderboardEntry; type: LeaderboardType; isMe: boolean }) {
  const t = useT();
  const locale = useLocale();
  const style = rankStyle(entry.rank);
  const Icon = style.icon;
  return (
    <li
      className={`flex items-center gap-3 rounded-xl border p-3 ${style.row} ${isMe ? 'ring-2 ring-gold/70' : ''}`}
      data-rank={entry.rank}
      data-tier={style.tier ?? 'none'}
    >
      <span
        className={`inline-flex h-9 min-w-12 shrink-0 items-center justify-center gap-1 rounded-full border px-2 font-bold text-sm ${style.badge}`}
        data-testid="rank-badge"
      >
        {Icon ? (
          <Icon className="size-4" role="img" aria-label={t(`rank.trophy.${style.tier ?? 'gold'}`)} />
        ) : null}
        {entry.rank}
      </span>
      <HeroAvatar name={entry.user.name} size="sm" />
      <span className="grid min-w-0 flex-1">
        <span className="break-words font-semibold text-parchment">
          {entry.user.name}
          {isMe ? <span className="ml-1.5 text-gold text-xs">{t('rank.you')}</span> : null}
        </span>
        <span className="break-words text-muted text-xs">
          {classTitleText(entry.user.activeClassTitle, t)}
        </span>
      </span>
      <span className="shrink-0 font-display text-gold" data-testid="rank-value">
        {type === 'level'
          ? t('profile.level', { level: entry.value })
          : type === 'streak'
            ? t('rank.streakDays', { count: entry.value, days: formatNumber(entry.value, locale) })
            : t('profile.xp', { xp: formatNumber(entry.value, locale) })}
      </span>
    </li>
  );
}

export function RankingsTab() {
  const t = useT();
  const { user } = useCurrentUser();
  const [type, setType] = useState<LeaderboardType>('total_xp');
  const [scope, setScope] = useState<RankingScope>('global');
  const board = useLeaderboard(type, scope);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Toggle
          label={t('rank.scope')}
          value={scope}
          onChange={setScope}
          options={[
            { value: 'global', label: t('rank.everyone') },
            { value: 'friends', label: t('social.tab.friends') },
          ]}
        />
        <Toggle
          label={t('rank.by')}
          value={type}
          onChange={setType}
          options={[
            { value: 'total_xp', label: t('rank.xp') },
            { value: 'level', label: t('rank.level') },
            { value: 'streak', label: t('rank.streak') },
          ]}
        />
      </div>
      {scope === 'global' && user && !user.showInRankings ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-edge bg-night/60 p-3 text-muted text-sm"
          data-testid="hidden-from-rankings"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
          <span>
            {t('hall.rankedOff')}{' '}
            <Link to="/profile" className="text-gold underline underline-offset-2">
              {t('rank.changeOnProfile')}
            </Link>
            .
          </span>
        </p>
      ) : null}
      {board.isPending ? (
        <p className="py-10 text-center text-muted">{t('rank.loading')}</p>
      ) : board.isError ? (
        <LoadFailed error={board.error} />
      ) : board.data.length === 0 ? (
        <EmptyTab icon={Trophy} title={t('rank.empty.title')}>
          {scope === 'friends'
            ? t('rank.empty.friends')
            : type === 'streak'
              ? t('rank.empty.streak')
              : t('rank.empty.global')}
        </EmptyTab>
      ) : (
        <ol
          className="grid gap-2"
          aria-label={
            type === 'level' ? t('rank.byLevel') : type === 'streak' ? t('rank.byStreak') : t('rank.byXp')
          }
        >
          {board.data.map((entry, index) => {
            // The top is contiguous (ties share a rank, so a rank is never above its place); the hero's
            // own entry, sent after the top when it is not in it, is: mark the jump.
            const gap = index > 0 && entry.rank > index + 1;
            return (
              <Fragment key={entry.user.id}>
                {gap ? (
                  <li aria-hidden className="text-center text-muted">
                    ⋯
                  </li>
                ) : null}
                <RankRow entry={entry} type={type} isMe={entry.user.id === user?.id} />
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}
