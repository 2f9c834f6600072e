import { expect } from 'vitest';
import type { HeroClient } from './app.ts';

/** A raw request with the hero's session cookie (a download, an upload). */
export function withSession(
  url: string,
  hero: HeroClient,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${url}${path}`, { ...init, headers: { ...(hero.cookie ? { cookie: hero.cookie } : {}) } });
}

/** Asks for the hero's export, waits until it is done and downloads its ZIP. */
export async function exportOf(url: string, hero: HeroClient): Promise<Uint8Array> {
  const started = await hero.post<{ job_id: string }>('/api/export');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = started.body.job_id;
  let status: { status: string; progress: number; download_url?: string } = { status: 'queued', progress: 0 };
  await expect
    .poll(
      async () => {
        status = (await hero.get(`/api/export/${jobId}`)).body;
        return status.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('done');
  expect(status.progress).toBe(100);
  expect(status.download_url).toBe(`/api/export/${jobId}/download`);
  const res = await withSession(url, hero, status.download_url!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return new Uint8Array(await res.arrayBuffer());
}

export interface ImportAnswer {
  status: number;
  body: {
    job_id?: string;
    code?: string;
    message?: string;
  };
}

/** Uploads a file to POST /api/import as a browser form would (multipart, field `file`). */
export async function uploadImport(
  url: string,
  hero: HeroClient,
  file: Uint8Array | string,
  name: string,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  const res = await withSession(url, hero, '/api/import', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as ImportAnswer['body'] };
}

export interface ImportResult {
  status: string;
  progress: number;
  created: { quests: number; milestones: number; progress: number };
  skipped: { item: string; reason: string }[];
}

/** Uploads a file and waits for its import to finish. */
export async function importAndWait(
  url: string,
  hero: HeroClient,
  file: Uint8Array | string,
  name: string,
): Promise<ImportResult> {
  const started = await uploadImport(url, hero, file, name);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  let result = { status: 'queued' } as ImportResult;
  await expect
    .poll(
      async () => {
        result = (await hero.get(`/api/import/${started.body.job_id}`)).body;
        return result.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('done');
  return result;
}
