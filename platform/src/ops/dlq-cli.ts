// `npm run dlq -- list <service>` / `npm run dlq -- replay <service>`: see DLQ_USAGE.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { runDlqCommand } from './dlq-command.ts';

/** The secret the embedded server signs internal calls with: from config, or the one it stored in its data dir. */
function internalSecret(config: Config): string | undefined {
  if (config.internalSecret) return config.internalSecret;
  const file = join(config.dataDir, 'secrets.json');
  // Never invent one here: only a secret the running server also holds is any use.
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { internalSecret?: unknown };
  return typeof stored.internalSecret === 'string' ? stored.internalSecret : undefined;
}

try {
  // The CLI runs no target: it only needs the broker, the port and the secret, whatever target this shell names.
  const config = loadConfig({ ...process.env, LIFEQUEST_TARGET: undefined });
  process.exitCode = await runDlqCommand(process.argv.slice(2), config, internalSecret(config), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 78;
}
