import { mkdirSync } from 'node:fs';
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
 * live, so a crashed holder's lock goes stale after `staleMs` and the next start can take over.
 */
export async function lockDataDir(
  dir: string,
  onCompromised: (error: Error) => void,
  staleMs = 15_000,
): Promise<() => Promise<void>> {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  try {
    return await lockfile.lock(absolute, {
      lockfilePath: join(absolute, 'lifequest.lock'),
      stale: staleMs,
      update: Math.max(1_000, Math.floor(staleMs / 3)),
      retries: 0,
      realpath: false,
      onCompromised,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(absolute);
    throw error;
  }
}
