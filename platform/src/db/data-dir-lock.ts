import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The LifeQuest data directory ${dir} is in use by another LifeQuest process. ` +
        'Stop that process, or point LIFEQUEST_DATA_DIR at another directory. ' +
        '(The embedded database must never be opened by two processes: it would silently lose data.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the exclusive lock on the embedded data directory. The lock file's mtime is refreshed while we
 * live, so a crashed holder's lock goes stale after `staleMs` and the next start can take over. Sooner,
 * when the holder is known dead: the holder's pid and host sit beside the lock, and a lock whose
 * process is gone from this machine (kill -9, a power cut, a container restarted) is taken over at once
 * instead of refusing every restart for `staleMs`.
 */
export async function lockDataDir(
  dir: string,
  onCompromised: (error: Error) => void,
  staleMs = 15_000,
): Promise<() => Promise<void>> {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const lockPath = join(absolute, 'lifequest.lock');
  const ownerPath = join(absolute, 'lifequest.owner');
  const take = () =>
    lockfile.lock(absolute, {
      lockfilePath: lockPath,
      stale: staleMs,
      update: Math.max(1_000, Math.floor(staleMs / 3)),
      retries: 0,
      realpath: false,
      onCompromised,
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (held.has(absolute) || !holderIsGone(ownerPath)) throw new DataDirLockedError(absolute);
    rmSync(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (again) {
      // Another process restarting at the same moment took it first.
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(absolute);
      throw again;
    }
  }
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }));
  held.add(absolute);
  return async () => {
    held.delete(absolute);
    rmSync(ownerPath, { force: true });
    await release();
  };
}

/** The data dirs this process holds, so its own pid in an owner file can tell an earlier life from now. */
const held = new Set<string>();

/** Whether the process that holds the lock is known to be dead (never guessed across machines). */
function holderIsGone(ownerPath: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerPath, 'utf8'));
  } catch {
    return false;
  }
  if (typeof owner.pid !== 'number' || owner.host !== hostname()) return false;
  // Our own pid on a lock this process does not hold: an earlier life of this container, say.
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
