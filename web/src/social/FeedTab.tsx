import type { ActivityType, FeedActivity } from '@lifequest/proto';
import {
  Award,
  Flag,
  Heart,
  type LucideIcon,
  Swords,
  Trash2,
  TrendingUp,
  Trophy,
  UserPlus,
  Users,
} from 'lucide-react';
import { classTitleText } from '../i18n/classTitle.ts';
import { timeAgoText } from '../i18n/format.ts';
import { useT } from '../i18n/useT.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { useNow } from '../ui/useNow.ts';
import { EmptyTab, HeroAvatar } from './socialParts.tsx';
import { useFeed, useLike, useRemoveActivity } from './socialQueries.ts';

const ACTIVITY_ICONS: Record<ActivityType, LucideIcon> = {
  milestone_reached: Flag,
  level_up: TrendingUp,
  achievement_unlocked: Award,
  goal_completed: Trophy,
  friend_added: UserPlus,
  challenge_joined: Swords,
};

function ActivityItem({ activity, now }: { activity: FeedActivity; now: Date }) {
  const t = useT();
  const like = useLike();
  const remove = useRemoveActivity();
  const Icon = ACTIVITY_ICONS[activity.type] ?? Flag;
  return (
    <li
      className="flex gap-3 rounded-xl border border-edge bg-surface/90 p-4"
      data-activity-type={activity.type}
    >
      <HeroAvatar name={activity.user.name} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-parchment">{activity.user.name}</span>
          <span className="text-muted text-xs">{classTitleText(activity.user.activeClassTitle, t)}</span>
          <time dateTime={activity.createdAt} className="ml-auto text-muted text-xs" data-testid="time-label">
            {timeAgoText(activity.createdAt, now, t)}
          </time>
        </p>
        <p className="flex items-start gap-1.5 break-words font-display text-gold">
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {activity.title}
        </p>
        {activity.description ? (
          <p className="break-words text-muted text-sm">{activity.description}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={activity.hasLiked}
            onClick={() => {
              if (!like.isPending) like.mutate(activity);
            }}
            className={`mt-1 inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors ${
              activity.hasLiked
                ? 'border-health/60 bg-health/15 text-health'
                : 'border-edge text-muted hover:border-health/50 hover:text-parchment'
            }`}
          >
            <Heart className={`size-4 ${activity.hasLiked ? 'fill-current' : ''}`} aria-hidden />
            <span className="sr-only">{t('feed.like', { title: activity.title })}</span>
            <span data-testid="like-count">{activity.likes}</span>
          </button>
          {activity.isOwn ? (
            <ConfirmDialog
              title={t('feed.remove.title')}
              description={t('feed.remove.body')}
              confirmLabel={t('feed.remove.confirm')}
              onConfirm={() => remove.mutate(activity)}
              trigger={
                <button
                  type="button"
                  disabled={remove.isPending}
                  aria-label={t('feed.remove.label', { title: activity.title })}
                  className="mt-1 inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-muted text-sm transition-colors hover:bg-red-500/10 hover:text-red-300"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('feed.remove.title')}
                </button>
              }
            />
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function FeedTab() {
  const t = useT();
  const feed = useFeed();
  const now = useNow();
  if (feed.isPending) return <p className="py-10 text-center text-muted">{t('feed.loading')}</p>;
  if (feed.isError) return <LoadFailed error={feed.error} />;
  if (feed.data.length === 0) {
    return (
      <EmptyTab icon={Users} title={t('feed.empty.title')}>
        {t('feed.empty.body')}
      </EmptyTab>
    );
  }
  return (
    <ol className="grid max-w-3xl gap-3" aria-label={t('feed.label')}>
      {feed.data.map((activity) => (
        <ActivityItem key={activity.id} activity={activity} now={now} />
      ))}
    </ol>
  );
}
