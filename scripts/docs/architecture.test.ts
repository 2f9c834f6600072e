import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_NAMES, EVENT_PUBLISHERS } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { registry } from '../../app/src/registry.ts';
import {
  eventTableProblems,
  internalRoutesIn,
  routeShape,
  section,
  undocumentedInternalRoutes,
} from './architecture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARCHITECTURE = readFileSync(`${ROOT}docs/architecture.md`, 'utf8');

/**
 * The gateway is no ServiceModule: it consumes on the bus directly (gateway/src/sessions/deleted-heroes.ts),
 * the admin's request and auth's deletion, to end a deleted hero's sessions.
 */
const GATEWAY_SUBSCRIBES = ['user.deletion_requested', 'user.deleted'];

/** Each event's consumers, as every module declares them in `subscribes`. */
function subscribers(): Map<string, string[]> {
  const byEvent = new Map<string, string[]>();
  const modules = [...registry.modules, { name: 'gateway', subscribes: GATEWAY_SUBSCRIBES }];
  for (const module of modules) {
    for (const event of module.subscribes) byEvent.set(event, [...(byEvent.get(event) ?? []), module.name]);
  }
  return byEvent;
}

const catalogue = { events: EVENT_NAMES, publishers: EVENT_PUBLISHERS, subscribers: subscribers() };

describe('docs/architecture.md against the code', () => {
  it('the events table has a row for every event of the catalogue, naming its publishers and every module that subscribes', () => {
    expect(eventTableProblems(ARCHITECTURE, catalogue)).toEqual([]);
  });

  it('the synchronous calls name every /internal/ route the code registers or calls', () => {
    expect(undocumentedInternalRoutes(ROOT, ARCHITECTURE)).toEqual([]);
  });
});

describe('the architecture checks', () => {
  const small = {
    events: ['goal.created', 'goal.deleted'],
    publishers: { 'goal.created': 'quests', 'goal.deleted': 'quests' },
    subscribers: new Map([
      ['goal.created', ['admin']],
      ['goal.deleted', ['social', 'ai']],
    ]),
  };
  const doc = (rows: string) =>
    `# A\n\n## Events\n\n| event | publisher | consumers |\n|---|---|---|\n${rows}\n## Synchronous calls\n`;

  it('passes a table that names every event, publisher and consumer', () => {
    const table = doc(
      '| `goal.created` | quests | admin: quest count |\n| `goal.deleted` | quests | social: feed; ai: stories |\n',
    );
    expect(eventTableProblems(table, small)).toEqual([]);
  });

  it('fails on an event of the catalogue missing from the table', () => {
    expect(eventTableProblems(doc('| `goal.created` | quests | admin |\n'), small)).toEqual([
      'goal.deleted has no row in the events table',
    ]);
  });

  it('fails on a consumer or publisher not named, and on a row the catalogue does not know', () => {
    const table = doc(
      '| `goal.created` | auth | admin |\n| `goal.deleted` | quests | ai-worker: stories |\n| `goal.lost` | quests | none |\n',
    );
    expect(eventTableProblems(table, small)).toEqual([
      'goal.created: the publisher quests is not named',
      'goal.deleted: the consumer social is not named',
      'goal.deleted: the consumer ai is not named',
      'goal.lost is in the events table but not in the catalogue',
    ]);
  });

  it('reads /internal/ routes from route registrations and calls alike, in one shape', () => {
    const source = `
app.get('/internal/quests/heroes/:userId/achievements', handler);
services.call("x", "GET", \`/internal/auth/xp/\${encodeURIComponent(id)}?\${query}\`);
app.get(\`\${OPS_PREFIX}/dead-letters/:consumer\`, handler);
fetch(new URL(\`\${OPS_PREFIX}\${path}\`, base));
export const OPS_PREFIX = '/internal/ops';
// GET /internal/in/a/comment is not code
`;
    expect(internalRoutesIn(source)).toEqual([
      '/internal/quests/heroes/{}/achievements',
      '/internal/auth/xp/{}',
      '/internal/ops/dead-letters/{}',
    ]);
    expect(routeShape('/internal/auth/xp/{userId}?after=<event ids>')).toBe('/internal/auth/xp/{}');
  });

  it('fails on an /internal/ route of the code missing from the synchronous calls', () => {
    const without = ARCHITECTURE.replace(section(ARCHITECTURE, 'Synchronous calls'), '\nNone.\n\n');
    const missing = undocumentedInternalRoutes(ROOT, without);
    expect(missing).toContainEqual(expect.stringMatching(/^\/internal\/quests\/onboarding-quest \(/));
    expect(missing).toContainEqual(expect.stringMatching(/^\/internal\/\{\}\/jobs \(services\/admin\//));
  });
});
