import { type Challenge, type ChallengeClass, daysLeft } from '@lifequest/proto';
import { Clock, Swords, Users } from 'lucide-react';
import { type Translate, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useNow } from '../ui/useNow.ts';
import { EmptyTab } from './socialParts.tsx';
import { useChallenges, useJoinChallenge } from './socialQueries.ts';

const CLASS_BADGES: Record<ChallengeClass, string> = {
  health: 'border-health/50 bg-health/10 text-health',
  financial: 'border-finance/50 bg-finance/10 text-finance',
  education: 'border-intelligence/50 bg-intelligence/10 text-intelligence',
  spirituality: 'border-spirit/50 bg-spirit/10 text-spirit',
  social: 'border-gold/50 bg-gold/10 text-gold',
};

/** 'Ending soon' at 0 days or less (docs/product.md#challenges), otherwise '1 day left' / 'N days left'. */
function timeLeft(endDate: string, now: Date, t: Translate): string {
  const days = daysLeft(endDate, now);
  if (Number.isNaN(days) || days <= 0) return t('challenge.endingSoon');
  return t('challenge.daysLeft', { count: days });
}

function ChallengeCard({ challenge, now }: { challenge: Challenge; now: Date }) {
  const t = useT();
  const join = useJoinChallenge();
  const titleId = `challenge-${challenge.id}`;
  const progress = challenge.userProgress ?? 0;
  const percent = (progress / challenge.targetValue) * 100;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="grid h-full content-start gap-3 rounded-xl border border-edge bg-surface/90 p-4"
        data-testid="challenge"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={CLASS_BADGES[challenge.className] ?? CLASS_BADGES.social}>
            {t(`challenge.class.${challenge.className}`)}
          </Badge>
          <span className="ml-auto inline-flex items-center gap-1 text-muted text-xs" data-testid="days-left">
            <Clock className="size-3.5" aria-hidden />
            {timeLeft(challenge.endDate, now, t)}
          </span>
        </div>
        <h2 id={titleId} className="break-words text-lg text-parchment">
          {challenge.title}
        </h2>
        <p className="break-words text-muted text-sm">{challenge.description}</p>
        <p className="inline-flex items-center gap-1.5 text-muted text-xs">
          <Users className="size-3.5" aria-hidden />
          {t('challenge.taking', { count: challenge.participantCount })}
        </p>
        {challenge.isParticipating ? (
          <div className="grid gap-1.5" data-testid="challenge-progress">
            <div className="flex justify-between text-sm">
              <span className="text-parchment">
                {progress}/{challenge.targetValue}
              </span>
              {challenge.userRank !== null ? (
                <span className="font-semibold text-gold">
                  {t('challenge.rank', { rank: challenge.userRank })}
                </span>
              ) : null}
            </div>
            <ProgressBar value={percent} label={t('goal.progressLabel', { title: challenge.title })} />
          </div>
        ) : (
          <Button
            className="justify-self-start"
            aria-describedby={titleId}
            disabled={join.isPending}
            onClick={() => join.mutate(challenge)}
          >
            <Swords className="size-4" aria-hidden />
            {join.isPending ? t('challenge.joining') : t('challenge.join')}
          </Button>
        )}
      </article>
    </li>
  );
}

export function ChallengesTab() {
  const t = useT();
  const challenges = useChallenges();
  const now = useNow(60_000);
  if (challenges.isPending) return <p className="py-10 text-center text-muted">{t('challenge.loading')}</p>;
  if (challenges.isError) return <LoadFailed error={challenges.error} />;
  if (challenges.data.length === 0) {
    return (
      <EmptyTab icon={Swords} title={t('challenge.empty.title')}>
        {t('challenge.empty.body')}
      </EmptyTab>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={t('social.tab.challenges')}>
      {/* The hero's own challenges first, where their progress is. */}
      {[...challenges.data]
        .sort((a, b) => Number(b.isParticipating) - Number(a.isParticipating))
        .map((challenge) => (
          <ChallengeCard key={challenge.id} challenge={challenge} now={now} />
        ))}
    </ul>
  );
}
