import { mkdirSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

it('refuses a second holder of the data dir, and frees it on release', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lq-lock-'));
  const release = await lockDataDir(dir, () => {});
  await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError);
  await release();
  const again = await lockDataDir(dir, () => {});
  await again();
});

it('takes over the lock of a holder that died without releasing it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lq-lock-'));
  // What a crashed holder leaves behind: its lock, no longer refreshed for longer than the stale time.
  mkdirSync(join(dir, 'lifequest.lock'));
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(join(dir, 'lifequest.lock'), minuteAgo, minuteAgo);
  const release = await lockDataDir(dir, () => {});
  await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirLockedError);
  await release();
});
