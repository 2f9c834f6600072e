import { spawn } from 'node:child_process';
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

it('takes over at once from a holder killed with -9, without waiting for its lock to go stale', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lq-lock-'));
  const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;
  // A process that takes the lock, says so, and then waits to be killed.
  const holder = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       await lockDataDir(${JSON.stringify(dir)}, () => {}, 600000);
       console.log('locked');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    holder.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  // While it lives, it holds the directory, however long the stale time.
  await expect(lockDataDir(dir, () => {}, 600_000)).rejects.toBeInstanceOf(DataDirLockedError);
  holder.kill('SIGKILL');
  await new Promise((resolve) => holder.once('exit', resolve));
  // Its lock was refreshed moments ago and would count as live for ten minutes; its process is gone.
  const release = await lockDataDir(dir, () => {}, 600_000);
  await expect(lockDataDir(dir, () => {}, 600_000)).rejects.toBeInstanceOf(DataDirLockedError);
  await release();
});
