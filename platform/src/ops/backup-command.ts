import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Config } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { IDENTITY_HEADER, signIdentity } from '../http/identity.ts';
import { OPS_PREFIX } from './routes.ts';

export const BACKUP_USAGE = `Usage:
  npm run backup [-- <file>] [--url <url>]     snapshot the running embedded LifeQuest (default file
                                              lifequest-backup-<time>.zip); no stop needed
  npm run restore -- <file> [--force]         restore into LIFEQUEST_DATA_DIR while LifeQuest is stopped;
                                              a data dir that is not empty needs --force`;

const FORMAT = 'lifequest-backup';

export interface BackupIo {
  out(line: string): void;
  err(line: string): void;
}

/** `backup` asks the running server for its database's dump and adds the data dir's secrets. */
export async function runBackup(
  argv: readonly string[],
  config: Config,
  internalSecret: string | undefined,
  io: BackupIo,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { url: { type: 'string' } },
    allowPositionals: true,
  });
  if (!internalSecret) {
    io.err(
      'No internal secret: set INTERNAL_SECRET, or run from the directory whose data dir the server uses.',
    );
    return 78;
  }
  const file = positionals[0] ?? `lifequest-backup-${now().toISOString().replaceAll(':', '-')}.zip`;
  const base = values.url ?? `http://127.0.0.1:${config.port}`;
  let response: Response;
  try {
    response = await fetch(new URL(`${OPS_PREFIX}/backup`, base), {
      method: 'POST',
      headers: { [IDENTITY_HEADER]: signIdentity(internalSecret, { kind: 'service', service: 'ops-cli' }) },
      signal: AbortSignal.timeout(300_000),
    });
  } catch (error) {
    io.err(`LifeQuest is not answering at ${base} (${error instanceof Error ? error.message : error}).`);
    return 69;
  }
  if (!response.ok) {
    io.err(`The server refused the backup: ${response.status} ${await response.text()}`);
    return 70;
  }
  const dump = new Uint8Array(await response.arrayBuffer());
  const secrets = join(config.dataDir, 'secrets.json');
  const files: Record<string, Uint8Array> = {
    'backup.json': strToU8(JSON.stringify({ format: FORMAT, version: 1, created_at: now().toISOString() })),
    'pgdata.tar.gz': dump,
  };
  if (existsSync(secrets)) files['secrets.json'] = readFileSync(secrets);
  const partial = `${file}.partial`;
  writeFileSync(partial, zipSync(files, { level: 0 }));
  renameSync(partial, file);
  io.out(
    `Backup written to ${file} (${dump.byteLength} bytes of database${files['secrets.json'] ? ', secrets' : ''}).`,
  );
  return 0;
}

/** `restore` unpacks a backup into a stopped data dir: the database (PGlite opens it once) and secrets. */
export async function runRestore(argv: readonly string[], config: Config, io: BackupIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) {
    io.err(BACKUP_USAGE);
    return 64;
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(readFileSync(file));
    const meta = JSON.parse(strFromU8(files['backup.json'] ?? new Uint8Array())) as { format?: string };
    if (meta.format !== FORMAT || !files['pgdata.tar.gz']) throw new Error('not a backup');
  } catch {
    io.err(`${file} is not a LifeQuest backup.`);
    return 65;
  }
  const dataDir = config.dataDir;
  const pgdata = join(dataDir, 'pgdata');
  const occupied = existsSync(dataDir) && readdirSync(dataDir).some((name) => !name.startsWith('.'));
  if (occupied && !values.force) {
    io.err(`${dataDir} is not empty: restoring would replace it. Stop LifeQuest and add --force to do so.`);
    return 73;
  }
  // The server's own lock: a running LifeQuest holds it, and restoring under it would corrupt both.
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir, () => undefined);
  } catch {
    io.err(`LifeQuest is running on ${dataDir}: stop it first.`);
    return 75;
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    // --force keeps what it replaces beside it, until the operator removes it.
    if (existsSync(pgdata)) renameSync(pgdata, `${pgdata}.replaced-${Date.now()}`);
    const pglite = await PGlite.create(pgdata, { loadDataDir: new Blob([files['pgdata.tar.gz']!]) });
    await pglite.query('select 1');
    await pglite.close();
    if (files['secrets.json']) {
      writeFileSync(join(dataDir, 'secrets.json'), files['secrets.json'], { mode: 0o600 });
    }
  } finally {
    await unlock();
  }
  io.out(`Restored ${file} into ${dataDir}.`);
  return 0;
}
