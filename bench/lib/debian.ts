import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A Debian package a suite's peer or tool needs, and the files that show it is there. */
export interface DebianNeed {
  pkg: string;
  binaries: readonly string[];
}

export const NGINX: DebianNeed = { pkg: 'nginx-light', binaries: ['/usr/sbin/nginx', '/usr/bin/nginx'] };
export const CHROMIUM: DebianNeed = { pkg: 'chromium', binaries: ['/usr/bin/chromium'] };

const present = (need: DebianNeed) => need.binaries.some((path) => existsSync(path));

/**
 * Installs from Debian's packages (the only place besides npm these machines reach) what the bench's
 * peers need and the machine lacks, as `.ci/run` does for Chromium: `npm run bench` on a fresh machine
 * then prints every figure. Without root or apt-get it says so, and the figures that need the package
 * are reported as not available.
 */
export function ensureDebianPackages(needs: readonly DebianNeed[], log: (line: string) => void): void {
  const missing = needs.filter((need) => !present(need)).map((need) => need.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    log(
      `  (missing ${missing.join(', ')}: apt-get install -y ${missing.join(' ')} to measure what needs them)`,
    );
    return;
  }
  log(`installing ${missing.join(', ')} (Debian's packages) for the bench's peers...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  try {
    install();
  } catch {
    // A fresh machine's package lists may be stale or empty.
    execFileSync('apt-get', ['update', '-qq'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    install();
  }
}
