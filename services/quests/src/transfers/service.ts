import { randomUUID } from 'node:crypto';
import {
  AppError,
  type JobQueue,
  type Logger,
  type Queryable,
  type ServiceDirectory,
} from '@lifequest/platform';
import { EXPORT_TTL_MS, type ExportStatus, TransferJobData, type TransferStatus } from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';
import { archiveZip, buildArchive } from './export.ts';

export const EXPORT_QUEUE = 'data-export';
/** The sweep removing expired downloads (and import rows) every hour. */
export const TRANSFER_EXPIRY = 'data-transfer-expiry';
export const TRANSFER_EXPIRY_EVERY_MS = 60 * 60 * 1000;

export function transferNotFound(): AppError {
  return new AppError('TRANSFER_NOT_FOUND', 'No such export or import.');
}

/**
 * Exports (docs/features/data-ownership.md#export): the request makes a row and enqueues a job; the job
 * (the queue, not the request) gathers the archive and keeps its ZIP in the row for 24 hours.
 */
export class ExportService {
  private readonly db: QuestsDb;
  private readonly raw: Queryable;
  private readonly jobs: JobQueue;
  private readonly services: ServiceDirectory;
  private readonly now: () => Date;
  private readonly log: Logger | undefined;

  constructor(
    db: QuestsDb,
    raw: Queryable,
    jobs: JobQueue,
    services: ServiceDirectory,
    now: () => Date,
    log?: Logger,
  ) {
    this.db = db;
    this.raw = raw;
    this.jobs = jobs;
    this.services = services;
    this.now = now;
    this.log = log;
  }

  async start(userId: string): Promise<{ job_id: string }> {
    const id = randomUUID();
    await this.db.dataTransfer.create({
      data: { id, userId, kind: 'export', expiresAt: new Date(this.now().getTime() + EXPORT_TTL_MS) },
    });
    await this.jobs.enqueue(EXPORT_QUEUE, { transferId: id, userId }, { jobId: id, schema: TransferJobData });
    return { job_id: id };
  }

  async status(userId: string, id: string): Promise<ExportStatus> {
    const row = await this.find(userId, id);
    const status = row.status as TransferStatus;
    return {
      status,
      progress: row.progress,
      ...(status === 'done'
        ? { download_url: `/api/export/${id}/download`, expires_at: row.expiresAt.toISOString() }
        : {}),
    };
  }

  async download(userId: string, id: string): Promise<Uint8Array> {
    const row = await this.db.dataTransfer.findFirst({
      where: { id, userId, kind: 'export', status: 'done', expiresAt: { gt: this.now() } },
    });
    if (!row?.file) throw transferNotFound();
    return row.file;
  }

  /** The job: idempotent (a retry rebuilds the archive from what is there now). */
  async run({ transferId, userId }: TransferJobData): Promise<void> {
    const row = await this.db.dataTransfer.findFirst({ where: { id: transferId, userId, kind: 'export' } });
    if (!row || row.status === 'done') return;
    const progress = async (percent: number) => {
      await this.db.dataTransfer.updateMany({
        where: { id: transferId },
        data: { status: 'running', progress: percent },
      });
    };
    await progress(5);
    try {
      const archive = await buildArchive(this.db, this.raw, this.services, userId, this.now(), progress);
      const zip = archiveZip(archive);
      await this.db.dataTransfer.updateMany({
        where: { id: transferId },
        data: {
          status: 'done',
          progress: 100,
          file: Buffer.from(zip),
          // The download lives 24 hours from when it is ready.
          expiresAt: new Date(this.now().getTime() + EXPORT_TTL_MS),
        },
      });
    } catch (error) {
      this.log?.warn({ err: error, transferId }, 'export failed');
      await this.db.dataTransfer.updateMany({
        where: { id: transferId },
        data: { status: 'failed', result: { error: 'The export could not be built. Please try again.' } },
      });
    }
  }

  /** Removes every export and import past its time (their files with them). */
  async sweep(): Promise<string> {
    const { count } = await this.db.dataTransfer.deleteMany({ where: { expiresAt: { lte: this.now() } } });
    return `${count} expired export(s) and import(s) removed`;
  }

  private async find(userId: string, id: string) {
    const row = await this.db.dataTransfer.findFirst({
      where: { id, userId, kind: 'export', expiresAt: { gt: this.now() } },
    });
    if (!row) throw transferNotFound();
    return row;
  }
}
