import type { XpHistory, XpHistoryItem } from '@lifequest/proto';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { formatCount, formatIsoDay } from '../i18n/format.ts';
import type { MessageKey } from '../i18n/messages/en.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Card } from '../ui/Card.tsx';
import { chartPoints, dailyTotals } from './xpChart.ts';

/** The most lines the profile reads at once (the route's largest page). */
const HISTORY_PAGE = 200;
const WIDTH = 320;
const HEIGHT = 100;
/** Room for the labels: the top total on the left, the first and last day below. */
const LEFT = 34;
const BELOW = 16;

const REASONS: Record<string, MessageKey> = {
  milestone_completed: 'xpHistory.reason.milestone_completed',
  milestone_reopened: 'xpHistory.reason.milestone_reopened',
  early_milestone: 'xpHistory.reason.early_milestone',
  early_milestone_reopened: 'xpHistory.reason.early_milestone_reopened',
  goal_completed: 'xpHistory.reason.goal_completed',
  goal_reopened: 'xpHistory.reason.goal_reopened',
  logging_daily: 'xpHistory.reason.logging_daily',
};

export const xpHistoryKey = ['/api/xp/history'] as const;

function XpChart({ items, total }: { items: readonly XpHistoryItem[]; total: number }) {
  const t = useT();
  const locale = useLocale();
  const days = dailyTotals(items, total);
  const points = chartPoints(days, WIDTH, HEIGHT);
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const top = Math.max(...days.map((d) => d.total), 1);
  return (
    <svg
      viewBox={`${-LEFT} -8 ${WIDTH + LEFT + 8} ${HEIGHT + BELOW + 8}`}
      className="h-auto w-full max-w-2xl"
      role="img"
      aria-label={t('xpHistory.chart')}
      data-testid="xp-history-chart"
    >
      <g fill="#9aa0b8" fontSize="9">
        <text x="-6" y="4" textAnchor="end">
          {formatCount(top, locale)}
        </text>
        <text x="-6" y={HEIGHT} textAnchor="end">
          0
        </text>
        <text x="0" y={HEIGHT + 12}>
          {formatIsoDay(days[0]?.day ?? '', locale)}
        </text>
        <text x={WIDTH} y={HEIGHT + 12} textAnchor="end">
          {formatIsoDay(days.at(-1)?.day ?? '', locale)}
        </text>
      </g>
      <line x1="0" y1="0" x2={WIDTH} y2="0" stroke="#2a2f48" strokeWidth="0.5" strokeDasharray="3 3" />
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#3a3f5c" strokeWidth="1" />
      <polyline points={line} fill="none" stroke="#e8b84a" strokeWidth="2" strokeLinejoin="round" />
      {points.map((p) => (
        <circle key={p.day} cx={p.x} cy={p.y} r="3" fill="#e8b84a">
          <title>
            {t('xpHistory.point', { day: formatIsoDay(p.day, locale), total: formatCount(p.total, locale) })}
          </title>
        </circle>
      ))}
    </svg>
  );
}

/** Why the hero's XP is what it is (docs/features/data-ownership.md#xp-history): a chart and the lines. */
export function XpHistoryCard({ totalXP }: { totalXP: number }) {
  const t = useT();
  const locale = useLocale();
  const history = useQuery({
    queryKey: [...xpHistoryKey, totalXP],
    queryFn: () => api.get<XpHistory>(`/api/xp/history?limit=${HISTORY_PAGE}`),
  });
  const items = history.data?.items ?? [];
  return (
    <Card aria-labelledby="xp-history-title" className="grid gap-4">
      <h2 id="xp-history-title" className="text-gold text-xl">
        {t('xpHistory.title')}
      </h2>
      {history.isPending ? (
        <p className="text-muted">{t('xpHistory.loading')}</p>
      ) : history.isError ? (
        <p className="text-muted">{t('xpHistory.failed')}</p>
      ) : items.length === 0 ? (
        <p className="text-muted">{t('xpHistory.empty')}</p>
      ) : (
        <>
          <XpChart items={items} total={totalXP} />
          <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label={t('xpHistory.list')}>
            {items.map((item) => (
              <li
                // Lines of one event share their time, never their reason.
                key={`${item.at}-${item.reason}`}
                className="flex items-baseline gap-3 rounded-md border border-edge bg-night/50 px-3 py-1.5"
              >
                <span
                  className={`w-16 shrink-0 font-display ${item.amount < 0 ? 'text-red-400' : 'text-gold'}`}
                >
                  {t('profile.xp', {
                    xp: `${item.amount > 0 ? '+' : ''}${formatCount(item.amount, locale)}`,
                  })}
                </span>
                <span className="min-w-0 flex-1 break-words text-parchment text-sm">
                  {Object.hasOwn(REASONS, item.reason) ? t(REASONS[item.reason] as MessageKey) : item.reason}
                  {item.milestone_title ? `: ${item.milestone_title}` : ''}
                  {item.quest_title ? <span className="text-muted"> · {item.quest_title}</span> : null}
                </span>
                <time className="shrink-0 text-muted text-xs" dateTime={item.at}>
                  {formatIsoDay(item.at.slice(0, 10), locale)}
                </time>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
