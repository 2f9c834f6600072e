import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.ts';

const Secrets = z.object({ internalSecret: z.string().min(32), sessionSecret: z.string().min(32) });
export type Secrets = z.infer<typeof Secrets>;

/**
 * Secrets come from config. Only the single-process default may invent them, and it keeps them in its
 * data dir (never in the repo) so sessions survive a restart.
 */
export function resolveSecrets(config: Config): Secrets {
  if (config.internalSecret && config.sessionSecret) {
    return { internalSecret: config.internalSecret, sessionSecret: config.sessionSecret };
  }
  if (config.target !== 'all') {
    // loadConfig already demanded what this target needs; a service target has no cookies to sign.
    return {
      internalSecret: config.internalSecret ?? '',
      sessionSecret: config.sessionSecret ?? config.internalSecret ?? '',
    };
  }
  const file = join(config.dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  if (existsSync(file)) stored = Secrets.parse(JSON.parse(readFileSync(file, 'utf8')));
  if (!stored) {
    stored = {
      internalSecret: randomBytes(32).toString('base64url'),
      sessionSecret: randomBytes(32).toString('base64url'),
    };
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    internalSecret: config.internalSecret ?? stored.internalSecret,
    sessionSecret: config.sessionSecret ?? stored.sessionSecret,
  };
}
