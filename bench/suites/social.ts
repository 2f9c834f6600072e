import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.ts';
import { type Figure, notAvailable } from '../lib/report.ts';

const SUITE = 'social';

/** Whether the social service has landed (it owns tables once it has migrations). */
export function socialServiceLanded(): boolean {
  return readdirSync(join(ROOT, 'services', 'social', 'prisma', 'migrations')).some((f) =>
    f.endsWith('.sql'),
  );
}

/** Feed and rankings at 100, 1,000 and 10,000 heroes: the cost must not grow with the population. */
export async function socialSuite(): Promise<Figure[]> {
  if (!socialServiceLanded()) {
    return ['GET /api/social/feed', 'GET /api/leaderboard'].map((path) =>
      notAvailable(
        SUITE,
        `${path} at 10,000 heroes vs 100`,
        '≤ 1.5×',
        'the social service is not on main yet',
      ),
    );
  }
  return [];
}
