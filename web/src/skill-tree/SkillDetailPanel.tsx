import type { SkillStatus } from '@lifequest/proto';
import { CheckCircle2, Circle, MousePointerClick, Star } from 'lucide-react';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { ScrollBox } from '../ui/ScrollBox.tsx';
import { levelLabel, STATUS_LABELS } from './skillTreeDrawing.ts';
import type { SkillTreeNode } from './types.ts';

const statusBadge: Record<SkillStatus, string> = {
  mastered: 'border-gold/60 bg-gold/15 text-gold',
  unlocked: 'border-green-400/60 bg-green-500/10 text-green-300',
  locked: 'border-gray-500/60 bg-gray-500/10 text-gray-300',
};

export interface SkillDetailPanelProps {
  node: SkillTreeNode | null;
  nodesById: ReadonlyMap<string, SkillTreeNode>;
}

export function SkillDetailPanel({ node, nodesById }: SkillDetailPanelProps) {
  const t = useT();
  const locale = useLocale();
  if (!node) {
    return (
      <Card aria-label={t('skillTree.details')} className="grid justify-items-center gap-2 py-10 text-center">
        <MousePointerClick className="size-10 text-gold/70" aria-hidden />
        <h2 className="text-parchment text-xl">{t('skillTree.select')}</h2>
        <p className="text-muted text-sm">{t('skillTree.selectHint')}</p>
      </Card>
    );
  }

  return (
    <Card aria-label={t('skillTree.details')} className="grid content-start gap-4" data-testid="skill-detail">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{levelLabel(t, node.level)}</Badge>
          <Badge className={statusBadge[node.status]} data-testid="skill-status">
            {t(STATUS_LABELS[node.status])}
          </Badge>
        </div>
        <h2 className="text-gold text-xl">{node.title}</h2>
        <p className="text-muted text-sm">{node.description}</p>
      </div>

      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span className="text-muted">{t('goal.progress')}</span>
          <span className="font-semibold text-parchment">{node.progress}%</span>
        </div>
        <ProgressBar value={node.progress} label={t('goal.progressLabel', { title: node.title })} />
      </div>

      <p className="flex items-center gap-2 text-sm">
        <Star className="size-4 text-gold" aria-hidden />
        <span className="text-muted">{t('skillTree.xpReward')}</span>
        <span className="font-semibold text-gold">
          {t('profile.xp', { xp: formatCount(node.xpReward, locale) })}
        </span>
      </p>

      {node.prerequisites.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-sans font-semibold text-parchment text-sm">{t('skillTree.prerequisites')}</h3>
          <ul className="grid gap-1">
            {node.prerequisites.map((id) => {
              const prerequisite = nodesById.get(id);
              const mastered = prerequisite?.status === 'mastered';
              return (
                <li key={id} className="flex items-center gap-2 text-sm" data-mastered={mastered}>
                  {mastered ? (
                    <CheckCircle2 className="size-4 text-green-400" aria-hidden />
                  ) : (
                    <Circle className="size-4 text-muted" aria-hidden />
                  )}
                  <span className={mastered ? 'text-parchment' : 'text-muted'}>
                    {prerequisite?.title ?? id}
                  </span>
                  <span className="sr-only">
                    {t(mastered ? 'skillTree.prerequisiteMastered' : 'skillTree.prerequisiteOpen')}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-2">
        <h3 className="font-sans font-semibold text-parchment text-sm">{t('skillTree.related')}</h3>
        {node.relatedGoals.length === 0 ? (
          <p className="text-muted text-sm">{t('skillTree.noRelated')}</p>
        ) : (
          <ScrollBox maxHeight="8rem" label={t('skillTree.relatedLabel')}>
            <ul className="grid gap-1 pr-2">
              {node.relatedGoals.map((goal) => (
                <li key={goal.id} className="flex items-center gap-2 text-sm">
                  {goal.is_completed ? (
                    <CheckCircle2 className="size-4 shrink-0 text-green-400" aria-hidden />
                  ) : (
                    <Circle className="size-4 shrink-0 text-muted" aria-hidden />
                  )}
                  {goal.is_completed ? (
                    <s className="text-muted">{goal.title}</s>
                  ) : (
                    <span className="text-parchment">{goal.title}</span>
                  )}
                </li>
              ))}
            </ul>
          </ScrollBox>
        )}
      </div>
    </Card>
  );
}
