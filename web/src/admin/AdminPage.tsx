import { type AdminUserRow, TOKEN_STATS_DAYS, type TokenStats } from '@lifequest/proto';
import { Coins, Cpu, Hash, ShieldAlert, ShieldCheck, Trash2, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/http.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { formatDay, formatCount as formatPlain } from '../i18n/format.ts';
import { type Translate, useLocale, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { useAdminUsers, useDeleteUser, useTokenStats } from './adminQueries.ts';
import { dailyTotals, formatCost, formatCount } from './adminStats.ts';
import { ScheduledJobs } from './ScheduledJobs.tsx';

// The chart library is large: it loads only for an admin with usage to draw.
const CostChart = lazy(() => import('./CostChart.tsx'));

function Refusal() {
  const t = useT();
  return (
    <Card className="grid justify-items-center gap-3 py-12 text-center" data-testid="admin-refusal">
      <ShieldAlert className="size-12 text-red-300" aria-hidden />
      <h2 className="text-parchment text-xl">{t('admin.only')}</h2>
      <p className="max-w-md text-muted">{t('admin.refusal.body')}</p>
      <Link to="/" className={buttonClasses('secondary')}>
        {t('admin.refusal.back')}
      </Link>
    </Card>
  );
}

function SummaryCards({ users, stats }: { users: readonly AdminUserRow[]; stats: TokenStats | undefined }) {
  const t = useT();
  const locale = useLocale();
  const active = users.filter((user) => user.is_onboarded).length;
  const lastDays = t('admin.summary.lastDays', { days: TOKEN_STATS_DAYS });
  // `id` names the card for tests and never changes with the language.
  const cards = [
    {
      id: 'Heroes',
      label: t('admin.summary.heroes'),
      value: formatCount(users.length, locale),
      hint: t('admin.summary.heroesHint', {
        active: formatPlain(active, locale),
        onboarding: formatPlain(users.length - active, locale),
      }),
      icon: Users,
    },
    {
      id: 'AI cost',
      label: t('admin.summary.aiCost'),
      value: stats ? formatCost(stats.total_stats.total_cost, locale) : '…',
      hint: lastDays,
      icon: Coins,
    },
    {
      id: 'Tokens',
      label: t('admin.tokens'),
      value: stats ? formatCount(stats.total_stats.total_tokens, locale) : '…',
      hint: lastDays,
      icon: Cpu,
    },
    {
      id: 'AI requests',
      label: t('admin.summary.requests'),
      value: stats ? formatCount(stats.total_stats.total_requests, locale) : '…',
      hint: lastDays,
      icon: Hash,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('admin.summary')}>
      {cards.map(({ id, label, value, hint, icon: Icon }) => (
        <li
          key={id}
          className="grid min-w-0 gap-1 rounded-xl border border-edge bg-surface/90 p-4"
          data-testid={`summary-${id}`}
        >
          <span className="flex min-w-0 items-center gap-1.5 break-words text-muted text-xs uppercase tracking-wider">
            <Icon className="size-4 text-gold" aria-hidden />
            {label}
          </span>
          <span className="break-all font-display text-gold text-xl sm:text-2xl">{value}</span>
          <span className="text-muted text-xs">{hint}</span>
        </li>
      ))}
    </ul>
  );
}

function UsersTable({ users, selfId }: { users: readonly AdminUserRow[]; selfId: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const remove = useDeleteUser();
  return (
    <Card aria-labelledby="admin-users-title" className="grid gap-3">
      <h2 id="admin-users-title" className="text-gold text-xl">
        {t('admin.users')}
      </h2>
      <DataTable
        label={t('admin.users.table')}
        rows={users}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-user-email': row.email })}
        stackOnPhone
        columns={[
          {
            head: t('admin.col.hero'),
            wrap: true,
            cell: (row) => (
              <span className="grid">
                <span className="font-semibold text-parchment">{row.name}</span>
                <span className="text-muted text-xs">{row.email}</span>
              </span>
            ),
          },
          {
            head: t('admin.col.status'),
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                <Badge
                  className={
                    row.is_onboarded
                      ? 'border-finance/50 bg-finance/10 text-finance'
                      : 'border-edge bg-night text-muted'
                  }
                >
                  {t(row.is_onboarded ? 'admin.status.active' : 'admin.status.onboarding')}
                </Badge>
                {row.is_admin ? <Badge>{t('admin.badge.admin')}</Badge> : null}
                {row.deletion ? (
                  <Badge className="border-red-400/60 bg-red-500/10 text-red-300">
                    {t('admin.badge.deleting')}
                  </Badge>
                ) : null}
              </span>
            ),
          },
          { head: t('rank.level'), cell: (row) => formatPlain(row.life_level, locale) },
          { head: t('rank.xp'), cell: (row) => formatCount(row.total_xp, locale) },
          { head: t('profile.stat.quests'), cell: (row) => formatPlain(row.goal_count, locale) },
          { head: t('admin.tokens'), cell: (row) => formatCount(row.total_tokens, locale) },
          {
            head: t('admin.col.cost'),
            cell: (row) => formatCost(row.total_cost, locale),
            className: 'font-mono',
          },
          {
            head: t('admin.col.joined'),
            cell: (row) => formatDay(row.created_at, locale),
            className: 'text-muted',
          },
          {
            head: '',
            srHead: t('admin.col.actions'),
            cell: (row) =>
              row.is_admin || row.id === selfId ? (
                <span className="text-muted text-xs">
                  {t(row.id === selfId ? 'admin.you' : 'admin.protected')}
                </span>
              ) : (
                <button
                  type="button"
                  disabled={row.deletion !== null || remove.isPending}
                  aria-label={t('admin.delete.label', { name: row.name, email: row.email })}
                  onClick={() => {
                    if (window.confirm(t('admin.delete.confirm', { name: row.name, email: row.email })))
                      remove.mutate(row);
                  }}
                  className="inline-flex size-11 items-center justify-center rounded-md text-muted transition-colors hover:bg-red-500/10 hover:text-red-300 disabled:opacity-40"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** Requests, tokens and cost: the columns every usage table ends with. */
function usageColumns(
  t: Translate,
  locale: ReturnType<typeof useLocale>,
): Column<{ request_count: number; total_tokens: number; total_cost: number }>[] {
  return [
    { head: t('admin.col.requests'), cell: (row) => formatCount(row.request_count, locale) },
    { head: t('admin.tokens'), cell: (row) => formatCount(row.total_tokens, locale) },
    { head: t('admin.col.cost'), cell: (row) => formatCost(row.total_cost, locale), className: 'font-mono' },
  ];
}

function DailyUsage({ stats }: { stats: TokenStats }) {
  const t = useT();
  const locale = useLocale();
  const days = dailyTotals(stats.daily_stats);
  return (
    <Card aria-labelledby="admin-usage-title" className="grid gap-4">
      <div>
        <h2 id="admin-usage-title" className="text-gold text-xl">
          {t('admin.usage.title')}
        </h2>
        <p className="text-muted text-sm">{t('admin.usage.subtitle', { days: TOKEN_STATS_DAYS })}</p>
      </div>
      {stats.daily_stats.length === 0 ? (
        <p className="text-muted">{t('admin.usage.none', { days: TOKEN_STATS_DAYS })}</p>
      ) : (
        <>
          <div data-testid="cost-chart" className="min-h-[280px]">
            <Suspense fallback={<p className="text-muted text-sm">{t('admin.usage.drawing')}</p>}>
              <CostChart days={days} />
            </Suspense>
          </div>
          <DataTable
            label={t('admin.usage.table')}
            maxHeight="24rem"
            rows={stats.daily_stats}
            rowKey={(row) => `${row.date}-${row.endpoint}`}
            columns={[
              { head: t('admin.col.date'), cell: (row) => formatDay(row.date, locale) },
              {
                head: t('admin.col.endpoint'),
                cell: (row) => row.endpoint,
                className: 'font-mono text-xs',
              },
              ...usageColumns(t, locale),
            ]}
          />
        </>
      )}
    </Card>
  );
}

function UsageBreakdown({ stats }: { stats: TokenStats }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby="admin-models-title" className="grid content-start gap-3">
        <h2 id="admin-models-title" className="text-gold text-xl">
          {t('admin.models.title')}
        </h2>
        {stats.by_model.length === 0 ? (
          <p className="text-muted">{t('admin.models.none')}</p>
        ) : (
          <DataTable
            label={t('admin.models.table')}
            rows={stats.by_model}
            rowKey={(row) => row.model}
            columns={[
              {
                head: t('admin.col.model'),
                cell: (row) => row.model,
                className: 'font-mono text-xs',
                wrap: true,
              },
              ...usageColumns(t, locale),
            ]}
          />
        )}
      </Card>
      <Card aria-labelledby="admin-spenders-title" className="grid content-start gap-3">
        <h2 id="admin-spenders-title" className="text-gold text-xl">
          {t('admin.spenders.title')}
        </h2>
        {stats.top_spenders.length === 0 ? (
          <p className="text-muted">{t('admin.spenders.none')}</p>
        ) : (
          <DataTable
            label={t('admin.spenders.table')}
            rows={stats.top_spenders}
            rowKey={(row, index) => row.user_id ?? `deleted-${index}`}
            columns={[
              {
                head: t('admin.col.hero'),
                wrap: true,
                // The server sums the usage of every deleted hero under one name ('Deleted heroes').
                cell: (row) =>
                  row.user_id === null ? (
                    <span className="text-muted italic" title={t('admin.spenders.deletedHint')}>
                      {t('admin.spenders.deleted')}
                    </span>
                  ) : (
                    row.name
                  ),
              },
              ...usageColumns(t, locale),
            ]}
          />
        )}
      </Card>
    </div>
  );
}

function TokenUsage({ stats }: { stats: TokenStats }) {
  return (
    <>
      <DailyUsage stats={stats} />
      <UsageBreakdown stats={stats} />
    </>
  );
}

function isRefusal(error: Error): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 401);
}

/**
 * 'Admin Only'. The server decides who is an admin (there is no client-side guard: docs/product.md#admin): a hero
 * it refuses sees the refusal, not a broken page.
 */
export default function AdminPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const users = useAdminUsers();
  const refused = users.isError && isRefusal(users.error);
  const stats = useTokenStats(users.isSuccess);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('admin.title')}</h1>
        <Badge className="border-red-400/50 bg-red-500/10 text-red-200">
          <ShieldCheck className="mr-1 size-3.5" aria-hidden />
          {t('admin.only')}
        </Badge>
      </div>
      {users.isPending ? (
        <p className="py-10 text-center text-muted" role="status">
          {t('admin.loading')}
        </p>
      ) : refused ? (
        <Refusal />
      ) : users.isError ? (
        <LoadFailed error={users.error} />
      ) : (
        <>
          <SummaryCards users={users.data} stats={stats.data} />
          <UsersTable users={users.data} selfId={user?.id} />
          {stats.isPending ? (
            <p className="text-center text-muted">{t('admin.usage.loading')}</p>
          ) : stats.isError ? (
            <LoadFailed error={stats.error} />
          ) : (
            <TokenUsage stats={stats.data} />
          )}
          <ScheduledJobs />
        </>
      )}
    </div>
  );
}
