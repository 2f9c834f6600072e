import type { JobRun, JobRunAccepted } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { api } from '../api/http.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toast/toastStore.ts';

const JOBS_KEY = ['/api/admin/jobs'] as const;

function when(run: JobRun): string {
  return run.last_run_at ? new Date(run.last_run_at).toLocaleString() : 'never';
}

/** The scheduled jobs with their last run, and a button to run one now (the admin panel). */
export function ScheduledJobs() {
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
      toast({ title: 'Job Started', description: `${name} runs now.` });
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
  return (
    <Card aria-labelledby="admin-jobs-title" className="grid gap-3">
      <h2 id="admin-jobs-title" className="text-gold text-xl">
        Scheduled Jobs
      </h2>
      {!jobs.data ? (
        <p className="text-muted">{jobs.isError ? jobs.error.message : 'Loading jobs...'}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted text-xs uppercase">
              <tr>
                <th className="p-2">Job</th>
                <th className="p-2">Last run</th>
                <th className="p-2">Duration</th>
                <th className="p-2">Outcome</th>
                <th className="p-2" />
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <tr key={job.name} className="border-edge border-t" data-testid={`job-${job.name}`}>
                  <td className="p-2 font-medium text-parchment">{job.name}</td>
                  <td className="p-2 text-muted">{when(job)}</td>
                  <td className="p-2 text-muted">
                    {job.duration_ms === null ? '—' : `${job.duration_ms} ms`}
                  </td>
                  <td className="p-2">
                    <span className={job.outcome === 'failed' ? 'text-red-300' : 'text-parchment'}>
                      {job.outcome}
                    </span>
                    {job.summary ? <span className="block text-muted text-xs">{job.summary}</span> : null}
                  </td>
                  <td className="p-2 text-right">
                    <Button variant="secondary" onClick={() => run.mutate(job.name)} disabled={run.isPending}>
                      <Play className="size-4" aria-hidden />
                      Run now
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
