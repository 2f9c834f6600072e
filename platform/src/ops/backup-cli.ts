// `npm run backup [-- <file>]` / `npm run restore -- <file> [--force]`: see BACKUP_USAGE.
import { ConfigError, loadConfig } from '../config.ts';
import { runBackup, runRestore } from './backup-command.ts';
import { internalSecretOf } from './dlq-cli-secret.ts';

const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
try {
  const config = loadConfig({ ...process.env, LIFEQUEST_TARGET: undefined });
  const [command, ...rest] = process.argv.slice(2);
  process.exitCode =
    command === 'restore'
      ? await runRestore(rest, config, io)
      : await runBackup(rest, config, internalSecretOf(config), io);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 78;
}
