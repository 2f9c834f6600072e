import type { ExportStatus, ImportStatus } from '@lifequest/proto';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { apiDownload, apiRequest, apiUpload } from '../api/http.ts';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

const POLL_MS = 400;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a job's status until it settles, telling `onStatus` each time. */
async function follow<S extends { status: string }>(url: string, onStatus: (s: S) => void): Promise<S> {
  for (;;) {
    const status = await apiRequest<S>('GET', url);
    onStatus(status);
    if (status.status === 'done' || status.status === 'failed') return status;
    await wait(POLL_MS);
  }
}

/**
 * "Download my data" (a ZIP: lifequest.json and CSVs, built by a job, with its progress) and "Import"
 * (a LifeQuest export or Habitica's user data): docs/features/data-ownership.md#export, #import.
 */
export function DataTransferCard() {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState<ExportStatus | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportStatus | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const download = async () => {
    setExportError(null);
    setExporting({ status: 'queued', progress: 0 });
    try {
      const { job_id } = await apiRequest<{ job_id: string }>('POST', '/api/export');
      const done = await follow<ExportStatus>(`/api/export/${job_id}`, setExporting);
      if (done.status !== 'done' || !done.download_url) throw new Error(t('transfer.notBuilt'));
      const zip = await apiDownload(done.download_url);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(zip);
      link.download = 'lifequest-export.zip';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      setExportError(error instanceof Error ? errorText(error) : t('transfer.exportFailed'));
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportError(null);
    setImported(null);
    try {
      const { job_id } = await apiUpload<{ job_id: string }>('/api/import', file, file.name);
      const done = await follow<ImportStatus>(`/api/import/${job_id}`, setImported);
      if (done.status === 'failed') setImportError(done.error ?? t('transfer.importFailed'));
      await queryClient.invalidateQueries();
    } catch (error) {
      setImportError(error instanceof Error ? errorText(error) : t('transfer.importFailed'));
    }
  };

  const running = exporting !== null && exporting.status !== 'done' && exporting.status !== 'failed';
  return (
    <Card aria-labelledby="data-transfer-title" className="grid gap-3">
      <h2 id="data-transfer-title" className="text-xl">
        {t('transfer.title')}
      </h2>
      <p className="text-muted text-sm">{t('transfer.body')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={download} disabled={running}>
          {t(running ? 'transfer.preparing' : 'transfer.download')}
        </Button>
        <label className="cursor-pointer rounded-md border border-white/20 px-3 py-2 text-sm">
          {t('transfer.import')}
          <input
            type="file"
            accept=".zip,.json,application/zip,application/json"
            className="sr-only"
            aria-label={t('transfer.importLabel')}
            onChange={upload}
          />
        </label>
      </div>
      {exporting ? (
        <div className="grid gap-1">
          <progress
            aria-label={t('transfer.progress')}
            max={100}
            value={exporting.progress}
            className="h-2 w-full sm:max-w-md"
          />
          <p className="text-muted text-sm" aria-live="polite">
            {exporting.status === 'done'
              ? t('transfer.ready')
              : t('transfer.preparingPercent', { percent: exporting.progress })}
          </p>
        </div>
      ) : null}
      {exportError ? (
        <p role="alert" className="text-red-400 text-sm">
          {exportError}
        </p>
      ) : null}
      {imported?.status === 'done' ? (
        <div className="grid gap-1 text-sm" aria-live="polite" data-testid="import-result">
          <p>
            {t('transfer.imported', {
              quests: imported.created.quests,
              milestones: imported.created.milestones,
              progress: imported.created.progress,
              questsText: formatCount(imported.created.quests, locale),
              milestonesText: formatCount(imported.created.milestones, locale),
              progressText: formatCount(imported.created.progress, locale),
            })}
          </p>
          <p className="text-muted">{t('transfer.noXp')}</p>
          {imported.skipped.length > 0 ? (
            <ul className="list-disc pl-5 text-muted">
              {imported.skipped.map((s) => (
                <li key={s.item}>
                  {s.item}: {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : imported ? (
        <p className="text-muted text-sm">{t('transfer.importing', { percent: imported.progress })}</p>
      ) : null}
      {importError ? (
        <p role="alert" className="text-red-400 text-sm">
          {importError}
        </p>
      ) : null}
    </Card>
  );
}
