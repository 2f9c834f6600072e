import {
  AppError,
  type HttpServer,
  type JobQueue,
  type Logger,
  type ServiceDirectory,
} from '@lifequest/platform';
import {
  JobNameParams,
  type JobRun,
  JobRunAccepted,
  JobRunList,
  SCHEDULED_JOB_NAMES,
  SCHEDULED_JOBS,
  type ScheduledJobData,
  type ScheduledJobName,
} from '@lifequest/proto';

const isScheduledJob = (name: string): name is ScheduledJobName => Object.hasOwn(SCHEDULED_JOBS, name);

/**
 * The admin panel's scheduled jobs (docs/features/daily-loop.md#jobs). Each job's last run is kept by
 * the service that runs it and read from its internal /jobs route; a service that does not answer shows
 * its jobs as 'unavailable' rather than failing the page. Running one now enqueues it on its own queue,
 * which the owning service works.
 */
export function jobRoutes(
  app: HttpServer,
  deps: { jobs: JobQueue; services: ServiceDirectory; log: Logger },
) {
  app.get(
    '/api/admin/jobs',
    { config: { access: 'admin' }, schema: { response: { 200: JobRunList } } },
    async () => {
      const owners = [...new Set(Object.values(SCHEDULED_JOBS))];
      const runs = new Map<string, JobRun>();
      await Promise.all(
        owners.map(async (owner) => {
          try {
            const list = await deps.services.call<JobRun[]>(
              owner,
              'GET',
              `/internal/${owner}/jobs`,
              undefined,
              {
                timeoutMs: 3_000,
              },
            );
            for (const run of list) runs.set(run.name, run);
          } catch (error) {
            deps.log.warn({ err: error, service: owner }, 'could not read the scheduled jobs of a service');
          }
        }),
      );
      return SCHEDULED_JOB_NAMES.map(
        (name) =>
          runs.get(name) ?? {
            name,
            last_run_at: null,
            duration_ms: null,
            outcome: 'unavailable' as const,
            summary: `The ${SCHEDULED_JOBS[name]} service did not answer.`,
          },
      );
    },
  );

  app.post(
    '/api/admin/jobs/:name/run',
    { config: { access: 'admin' }, schema: { params: JobNameParams, response: { 202: JobRunAccepted } } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isScheduledJob(name)) {
        throw new AppError(
          'NOT_FOUND',
          `No scheduled job is named '${name}' (${SCHEDULED_JOB_NAMES.join(', ')}).`,
        );
      }
      const data: ScheduledJobData = { requestedBy: request.hero.userId };
      const { id } = await deps.jobs.enqueue(name, data);
      return reply.code(202).send({ name, id });
    },
  );
}
