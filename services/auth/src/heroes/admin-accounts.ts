import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, type Logger } from '@lifequest/platform';
import type { HeroService } from './service.ts';

/**
 * Admin rights follow ADMIN_EMAILS, so whoever registered such an address first would be admin. The
 * accounts are therefore created at boot, before anyone can register: with ADMIN_PASSWORD when set,
 * else with a random password written once to `<data dir>/admin-password.txt` (readable by the owner only).
 */
export async function ensureAdminAccounts(
  heroes: HeroService,
  options: {
    adminEmails: readonly string[];
    adminPassword: string | undefined;
    dataDir: string;
    log: Logger;
  },
): Promise<void> {
  for (const email of options.adminEmails) {
    const password = options.adminPassword ?? randomBytes(18).toString('base64url');
    try {
      await heroes.register({ email, password, name: 'Admin' });
    } catch (error) {
      // Already there (an earlier boot, or another replica right now): nothing to do.
      if (error instanceof AppError && error.code === 'EMAIL_TAKEN') continue;
      throw error;
    }
    if (options.adminPassword) {
      options.log.info({ email }, 'admin account created with ADMIN_PASSWORD');
      continue;
    }
    mkdirSync(options.dataDir, { recursive: true });
    const file = join(options.dataDir, 'admin-password.txt');
    writeFileSync(file, `${email} ${password}\n`, { mode: 0o600, flag: 'a' });
    options.log.warn({ email, file }, 'admin account created; its password is in this file');
  }
}
