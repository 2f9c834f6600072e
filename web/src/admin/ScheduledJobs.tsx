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
import { DataTable } from '../ui/DataTable.tsx';
import { toast } from '../ui/toast/toastStore.ts';

const JOBS_KEY = ['/api/admin/jobs'] as const;

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
        <DataTable
          label={t('admin.jobs.table')}
          rows={jobs.data}
          rowKey={(job) => job.name}
          rowProps={(job) => ({ 'data-testid': `job-${job.name}` })}
          stackOnPhone
          columns={[
            { head: head.job, wrap: true, cell: (job) => job.name, className: 'font-medium text-parchment' },
            {
              head: head.lastRun,
              cell: (job) =>
                job.last_run_at ? formatDateTime(job.last_run_at, locale) : t('admin.jobs.never'),
              className: 'text-muted',
            },
            {
              head: head.duration,
              cell: (job) =>
                job.duration_ms === null
                  ? '—'
                  : t('admin.jobs.ms', { ms: formatCount(job.duration_ms, locale) }),
              className: 'text-muted',
            },
            {
              head: head.outcome,
              wrap: true,
              cell: (job) => (
                <>
                  <span className={job.outcome === 'failed' ? 'text-red-300' : 'text-parchment'}>
                    {t(`admin.jobs.outcome.${job.outcome}`)}
                  </span>
                  {job.summary ? <span className="block text-muted text-xs">{job.summary}</span> : null}
                </>
              ),
            },
            {
              head: '',
              srHead: t('admin.col.actions'),
              className: 'text-right max-sm:text-left',
              cell: (job) => (
                <Button variant="secondary" onClick={() => run.mutate(job.name)} disabled={run.isPending}>
                  <Play className="size-4" aria-hidden />
                  {t('admin.jobs.runNow')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
