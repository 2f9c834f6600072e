// `npm run dlq -- list <service>` / `npm run dlq -- replay <service>`: see DLQ_USAGE.
import { ConfigError, loadConfig } from '../config.ts';
import { internalSecretOf } from './dlq-cli-secret.ts';
import { runDlqCommand } from './dlq-command.ts';

try {
  // The CLI runs no target: it only needs the broker, the port and the secret, whatever target this shell names.
  const config = loadConfig({ ...process.env, LIFEQUEST_TARGET: undefined });
  process.exitCode = await runDlqCommand(process.argv.slice(2), config, internalSecretOf(config), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 78;
}
