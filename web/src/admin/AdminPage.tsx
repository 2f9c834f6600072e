import { type AdminUserRow, formatDate, TOKEN_STATS_DAYS, type TokenStats } from '@lifequest/proto';
import { Coins, Cpu, Hash, ShieldAlert, ShieldCheck, Trash2, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/http.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { Badge } from '../ui/Badge.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { useAdminUsers, useDeleteUser, useTokenStats } from './adminQueries.ts';
import { dailyTotals, deleteConfirmation, formatCost, formatCount, userStatus } from './adminStats.ts';
import { ScheduledJobs } from './ScheduledJobs.tsx';

// The chart library is large: it loads only for an admin with usage to draw.
const CostChart = lazy(() => import('./CostChart.tsx'));

function Refusal() {
  return (
    <Card className="grid justify-items-center gap-3 py-12 text-center" data-testid="admin-refusal">
      <ShieldAlert className="size-12 text-red-300" aria-hidden />
      <h2 className="text-parchment text-xl">Admin Only</h2>
      <p className="max-w-md text-muted">
        This chamber is kept for the stewards of LifeQuest, and your account has no admin rights. Your quests
        await you on the dashboard.
      </p>
      <Link to="/" className={buttonClasses('secondary')}>
        Back to the Dashboard
      </Link>
    </Card>
  );
}

function SummaryCards({ users, stats }: { users: readonly AdminUserRow[]; stats: TokenStats | undefined }) {
  const active = users.filter((user) => user.is_onboarded).length;
  const cards = [
    {
      label: 'Heroes',
      value: formatCount(users.length),
      hint: `${active} active, ${users.length - active} onboarding`,
      icon: Users,
    },
    {
      label: 'AI cost',
      value: stats ? formatCost(stats.total_stats.total_cost) : '…',
      hint: `last ${TOKEN_STATS_DAYS} days`,
      icon: Coins,
    },
    {
      label: 'Tokens',
      value: stats ? formatCount(stats.total_stats.total_tokens) : '…',
      hint: `last ${TOKEN_STATS_DAYS} days`,
      icon: Cpu,
    },
    {
      label: 'AI requests',
      value: stats ? formatCount(stats.total_stats.total_requests) : '…',
      hint: `last ${TOKEN_STATS_DAYS} days`,
      icon: Hash,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
      {cards.map(({ label, value, hint, icon: Icon }) => (
        <li
          key={label}
          className="grid gap-1 rounded-xl border border-edge bg-surface/90 p-4"
          data-testid={`summary-${label}`}
        >
          <span className="flex items-center gap-1.5 text-muted text-xs uppercase tracking-wider">
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
  const remove = useDeleteUser();
  return (
    <Card aria-labelledby="admin-users-title" className="grid gap-3">
      <h2 id="admin-users-title" className="text-gold text-xl">
        Users
      </h2>
      <DataTable
        label="Users table"
        rows={users}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-user-email': row.email })}
        columns={[
          {
            head: 'Hero',
            wrap: true,
            cell: (row) => (
              <span className="grid">
                <span className="font-semibold text-parchment">{row.name}</span>
                <span className="text-muted text-xs">{row.email}</span>
              </span>
            ),
          },
          {
            head: 'Status',
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                <Badge
                  className={
                    row.is_onboarded
                      ? 'border-finance/50 bg-finance/10 text-finance'
                      : 'border-edge bg-night text-muted'
                  }
                >
                  {userStatus(row)}
                </Badge>
                {row.is_admin ? <Badge>Admin</Badge> : null}
                {row.deletion ? (
                  <Badge className="border-red-400/60 bg-red-500/10 text-red-300">Deleting...</Badge>
                ) : null}
              </span>
            ),
          },
          { head: 'Level', cell: (row) => row.life_level },
          { head: 'XP', cell: (row) => formatCount(row.total_xp) },
          { head: 'Quests', cell: (row) => row.goal_count },
          { head: 'Tokens', cell: (row) => formatCount(row.total_tokens) },
          { head: 'Cost', cell: (row) => formatCost(row.total_cost), className: 'font-mono' },
          { head: 'Joined', cell: (row) => formatDate(row.created_at), className: 'text-muted' },
          {
            head: '',
            srHead: 'Actions',
            cell: (row) =>
              row.is_admin || row.id === selfId ? (
                <span className="text-muted text-xs">{row.id === selfId ? 'You' : 'Protected'}</span>
              ) : (
                <button
                  type="button"
                  disabled={row.deletion !== null || remove.isPending}
                  aria-label={`Delete ${row.name} (${row.email})`}
                  onClick={() => {
                    if (window.confirm(deleteConfirmation(row))) remove.mutate(row);
                  }}
                  className="rounded-md p-2 text-muted transition-colors hover:bg-red-500/10 hover:text-red-300 disabled:opacity-40"
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
const usageColumns: Column<{ request_count: number; total_tokens: number; total_cost: number }>[] = [
  { head: 'Requests', cell: (row) => formatCount(row.request_count) },
  { head: 'Tokens', cell: (row) => formatCount(row.total_tokens) },
  { head: 'Cost', cell: (row) => formatCost(row.total_cost), className: 'font-mono' },
];

function TokenUsage({ stats }: { stats: TokenStats }) {
  const days = dailyTotals(stats.daily_stats);
  return (
    <>
      <Card aria-labelledby="admin-usage-title" className="grid gap-4">
        <div>
          <h2 id="admin-usage-title" className="text-gold text-xl">
            Token Usage
          </h2>
          <p className="text-muted text-sm">Daily cost and tokens, last {TOKEN_STATS_DAYS} days.</p>
        </div>
        {stats.daily_stats.length === 0 ? (
          <p className="text-muted">No AI calls in the last {TOKEN_STATS_DAYS} days.</p>
        ) : (
          <>
            <div data-testid="cost-chart" className="min-h-[280px]">
              <Suspense fallback={<p className="text-muted text-sm">Drawing the chart...</p>}>
                <CostChart days={days} />
              </Suspense>
            </div>
            <DataTable
              label="Daily token usage table"
              maxHeight="24rem"
              rows={stats.daily_stats}
              rowKey={(row) => `${row.date}-${row.endpoint}`}
              columns={[
                { head: 'Date', cell: (row) => formatDate(row.date) },
                { head: 'Endpoint', cell: (row) => row.endpoint, className: 'font-mono text-xs' },
                ...usageColumns,
              ]}
            />
          </>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card aria-labelledby="admin-models-title" className="grid content-start gap-3">
          <h2 id="admin-models-title" className="text-gold text-xl">
            Cost by Model
          </h2>
          {stats.by_model.length === 0 ? (
            <p className="text-muted">No model has been called yet.</p>
          ) : (
            <DataTable
              label="Cost by model table"
              rows={stats.by_model}
              rowKey={(row) => row.model}
              columns={[
                { head: 'Model', cell: (row) => row.model, className: 'font-mono text-xs', wrap: true },
                ...usageColumns,
              ]}
            />
          )}
        </Card>
        <Card aria-labelledby="admin-spenders-title" className="grid content-start gap-3">
          <h2 id="admin-spenders-title" className="text-gold text-xl">
            Top Spenders
          </h2>
          {stats.top_spenders.length === 0 ? (
            <p className="text-muted">Nobody has used the AI yet.</p>
          ) : (
            <DataTable
              label="Top spenders table"
              rows={stats.top_spenders}
              rowKey={(row, index) => row.user_id ?? `deleted-${index}`}
              columns={[
                {
                  head: 'Hero',
                  wrap: true,
                  // The server sums the usage of every deleted hero under one name ('Deleted heroes').
                  cell: (row) =>
                    row.user_id === null ? (
                      <span
                        className="text-muted italic"
                        title="Usage of heroes since deleted, kept in the totals"
                      >
                        {row.name}
                      </span>
                    ) : (
                      row.name
                    ),
                },
                ...usageColumns,
              ]}
            />
          )}
        </Card>
      </div>
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
  const { user } = useCurrentUser();
  const users = useAdminUsers();
  const refused = users.isError && isRefusal(users.error);
  const stats = useTokenStats(users.isSuccess);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl text-gold sm:text-3xl">Admin Panel</h1>
        <Badge className="border-red-400/50 bg-red-500/10 text-red-200">
          <ShieldCheck className="mr-1 size-3.5" aria-hidden />
          Admin Only
        </Badge>
      </div>
      {users.isPending ? (
        <p className="py-10 text-center text-muted" role="status">
          Loading the admin panel...
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
            <p className="text-center text-muted">Loading token usage...</p>
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
