import { useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';
import { SkillDetailPanel } from './SkillDetailPanel.tsx';
import { SkillGraph } from './SkillGraph.tsx';
import { useSkillTree } from './skillTreeQuery.ts';
import type { SkillTreeNode } from './types.ts';

export default function SkillTreePage() {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const { user } = useCurrentUser();
  const tree = useSkillTree(Boolean(user));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the panel sits below the graph, out of sight: bring the chosen skill's details up.
    // 'nearest' leaves the desktop alone, where the panel is already beside the graph.
    if (selectedId) detailRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);
  const nodesById = useMemo(
    () => new Map<string, SkillTreeNode>((tree.data?.nodes ?? []).map((node) => [node.id, node])),
    [tree.data],
  );

  if (!user) return <p className="py-16 text-center text-muted">{t('skillTree.signedOut')}</p>;
  if (tree.isPending) return <p className="py-16 text-center text-muted">{t('skillTree.loading')}</p>;
  if (tree.isError) {
    return (
      <p role="alert" className="py-16 text-center text-red-300">
        {errorText(tree.error)}
      </p>
    );
  }

  const { nodes, counters } = tree.data;
  // `id` names the counter for tests and never changes with the language.
  const counterCards = [
    {
      id: 'Mastered',
      label: t('skillTree.count.mastered'),
      value: counters.mastered,
      className: 'text-gold',
    },
    {
      id: 'Unlocked',
      label: t('skillTree.count.unlocked'),
      value: counters.unlocked,
      className: 'text-green-300',
    },
    { id: 'Total Skills', label: t('skillTree.total'), value: counters.total, className: 'text-parchment' },
  ];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('nav.skillTree')}</h1>
        <p className="text-muted text-sm">{t('skillTree.subtitle')}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {counterCards.map((counter) => (
          <div key={counter.id} className="rounded-xl border border-edge bg-surface/90 p-3 text-center">
            <dt className="text-muted text-xs sm:text-sm">{counter.label}</dt>
            <dd
              className={`font-display text-2xl ${counter.className}`}
              data-testid={`counter-${counter.id}`}
            >
              {formatCount(counter.value, locale)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="grid min-w-0 place-items-center p-2 sm:p-4">
          <SkillGraph nodes={nodes} selectedId={selectedId} onSelect={setSelectedId} />
          <ul className="flex flex-wrap gap-4 text-muted text-xs" aria-label={t('skillTree.legend')}>
            <li className="inline-flex items-center gap-1.5">
              <svg width="24" height="6" aria-hidden>
                <line x1="0" y1="3" x2="24" y2="3" stroke="#22c55e" strokeWidth="3" />
              </svg>
              {t('skillTree.unlockedPath')}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <svg width="24" height="6" aria-hidden>
                <line x1="0" y1="3" x2="24" y2="3" stroke="#6b7280" strokeWidth="2" strokeDasharray="6 6" />
              </svg>
              {t('skillTree.lockedPath')}
            </li>
          </ul>
        </Card>
        <div ref={detailRef} className="grid scroll-mt-4">
          <SkillDetailPanel
            node={selectedId ? (nodesById.get(selectedId) ?? null) : null}
            nodesById={nodesById}
          />
        </div>
      </div>
    </div>
  );
}
