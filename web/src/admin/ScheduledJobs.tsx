import type { JobRun, JobRunAccepted } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { api } from '../api/http.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount, formatDateTime } from '../i18n/format.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toast/toastStore.ts';

const JOBS_KEY = ['/api/admin/jobs'] as const;

/** Below 640 px each row stacks as a card of its own (its labels shown), so Run now needs no sideways scroll. */
const CELL = 'p-2 max-sm:block max-sm:px-0 max-sm:py-1';
/** A cell's column name, read on a phone where the table head is hidden. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span className="block text-muted text-xs uppercase sm:hidden" aria-hidden>
      {children}
    </span>
  );
}

/** The scheduled jobs with their last run, and a button to run one now (the admin panel). */
export function ScheduledJobs() {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: JOBS_KEY,
    queryFn: () => api.get<JobRun[]>('/api/admin/jobs'),
    // A run asked for shows up within seconds.
    refetchInterval: 5_000,
  });
  const run = useMutation({
    mutationFn: (name: string) => api.post<JobRunAccepted>(`/api/admin/jobs/${encodeURIComponent(name)}/run`),
    onSuccess: ({ name }) => {
      toast({
        title: translate('admin.jobs.started'),
        description: translate('admin.jobs.started.body', { name }),
      });
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (error) =>
      toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' }),
  });
  const head = {
    job: t('admin.jobs.job'),
    lastRun: t('admin.jobs.lastRun'),
    duration: t('admin.jobs.duration'),
    outcome: t('admin.jobs.outcome'),
  };
  return (
    <Card aria-labelledby="admin-jobs-title" className="grid gap-3">
      <h2 id="admin-jobs-title" className="text-gold text-xl">
        {t('admin.jobs.title')}
      </h2>
      {!jobs.data ? (
        <p className="text-muted">{jobs.isError ? errorText(jobs.error) : t('admin.jobs.loading')}</p>
      ) : (
        <table className="w-full text-left text-sm max-sm:block">
          <thead className="text-muted text-xs uppercase max-sm:sr-only">
            <tr>
              <th className="p-2">{head.job}</th>
              <th className="p-2">{head.lastRun}</th>
              <th className="p-2">{head.duration}</th>
              <th className="p-2">{head.outcome}</th>
              <th className="p-2">
                <span className="sr-only">{t('admin.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-3">
            {jobs.data.map((job) => (
              <tr
                key={job.name}
                className="border-edge border-t max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:rounded-lg max-sm:border max-sm:bg-night/50 max-sm:p-3"
                data-testid={`job-${job.name}`}
              >
                <td className={`${CELL} break-words font-medium text-parchment max-sm:col-span-2`}>
                  {job.name}
                </td>
                <td className={`${CELL} text-muted`}>
                  <PhoneLabel>{head.lastRun}</PhoneLabel>
                  {job.last_run_at ? formatDateTime(job.last_run_at, locale) : t('admin.jobs.never')}
                </td>
                <td className={`${CELL} text-muted`}>
                  <PhoneLabel>{head.duration}</PhoneLabel>
                  {job.duration_ms === null
                    ? '—'
                    : t('admin.jobs.ms', { ms: formatCount(job.duration_ms, locale) })}
                </td>
                <td className={`${CELL} max-sm:col-span-2`}>
                  <PhoneLabel>{head.outcome}</PhoneLabel>
                  <span className={job.outcome === 'failed' ? 'text-red-300' : 'text-parchment'}>
                    {t(`admin.jobs.outcome.${job.outcome}`)}
                  </span>
                  {job.summary ? (
                    <span className="block break-words text-muted text-xs">{job.summary}</span>
                  ) : null}
                </td>
                <td className={`${CELL} text-right max-sm:col-span-2 max-sm:pt-2 max-sm:text-left`}>
                  <Button variant="secondary" onClick={() => run.mutate(job.name)} disabled={run.isPending}>
                    <Play className="size-4" aria-hidden />
                    {t('admin.jobs.runNow')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
