import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** The secret the embedded server signs internal calls with: from config, or the one it stored in its data dir. */
export function internalSecretOf(config: Config): string | undefined {
  if (config.internalSecret) return config.internalSecret;
  const file = join(config.dataDir, 'secrets.json');
  // Never invent one here: only a secret the running server also holds is any use.
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { internalSecret?: unknown };
  return typeof stored.internalSecret === 'string' ? stored.internalSecret : undefined;
}
