import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The body of the `## <heading>` section of a Markdown file: up to the next heading of level 2. */
export function section(markdown: string, heading: string): string {
  const start = markdown.search(new RegExp(`^## ${heading}[ \\t]*$`, 'm'));
  if (start < 0) return '';
  const rest = markdown.slice(start).split('\n').slice(1).join('\n');
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

export interface EventRow {
  publisher: string;
  consumers: string;
}

/** The rows of the events table (`| \`event\` | publisher | consumers |`) of a section, by event name. */
export function eventRows(sectionText: string): Map<string, EventRow> {
  const rows = new Map<string, EventRow>();
  for (const match of sectionText.matchAll(/^\|\s*`([a-z_.]+)`\s*\|([^|\n]*)\|([^\n]*)\|\s*$/gm)) {
    rows.set(match[1] as string, { publisher: match[2]!.trim(), consumers: match[3]!.trim() });
  }
  return rows;
}

const names = (cell: string, who: string) => new RegExp(`(^|[^a-z-])${who}([^a-z-]|$)`).test(cell);

/**
 * What the events table of docs/architecture.md#events gets wrong against the code: an event of the
 * catalogue without a row, a row whose publisher cell does not name a module allowed to publish it, or
 * whose consumer cell does not name a module that subscribes to it.
 */
export function eventTableProblems(
  markdown: string,
  catalogue: {
    events: readonly string[];
    publishers: Readonly<Record<string, string | readonly string[]>>;
    subscribers: ReadonlyMap<string, readonly string[]>;
  },
): string[] {
  const rows = eventRows(section(markdown, 'Events'));
  const problems: string[] = [];
  for (const event of catalogue.events) {
    const row = rows.get(event);
    if (!row) {
      problems.push(`${event} has no row in the events table`);
      continue;
    }
    for (const publisher of [catalogue.publishers[event] ?? []].flat()) {
      if (!names(row.publisher, publisher))
        problems.push(`${event}: the publisher ${publisher} is not named`);
    }
    for (const consumer of catalogue.subscribers.get(event) ?? []) {
      if (!names(row.consumers, consumer)) problems.push(`${event}: the consumer ${consumer} is not named`);
    }
  }
  for (const event of rows.keys()) {
    if (!catalogue.events.includes(event))
      problems.push(`${event} is in the events table but not in the catalogue`);
  }
  return problems;
}

/** A route path with every parameter (`:id`, `{id}`, `${expr}`) as `{}` and no query. */
export function routeShape(path: string): string {
  return path
    .split('?')[0]!
    .replace(/\$\{[^}]*\}/g, '{}')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/:[A-Za-z_]\w*/g, '{}')
    .replace(/\/+$/, '');
}

/**
 * Every `/internal/...` path a production source names in a string or template literal (a route it
 * registers or a route it calls), shaped by routeShape. `${OPS_PREFIX}` is the platform's ops prefix; a
 * prefix alone (`/internal/ops`) or joined to a path built elsewhere (`${OPS_PREFIX}${path}`) names no
 * route of its own.
 */
export function internalRoutesIn(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/['`]((?:\/internal\/|\$\{OPS_PREFIX\})[^'`\s]*)['`]/g)) {
    const shape = routeShape((match[1] as string).replace(/\$\{OPS_PREFIX\}/, '/internal/ops'));
    if (shape.split('/').length > 3 && !/[^/]\{\}/.test(shape)) found.push(shape);
  }
  return found;
}

/** Tracked TypeScript files that run in production: no tests, test kits, generated clients or tools. */
export function productionSources(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' });
  return tracked
    .split('\n')
    .filter((file) => /^(proto|platform|gateway|services|app)\//.test(file))
    .filter((file) => !/\.test\.tsx?$|\.conformance\.ts$|\/testing\/|\/generated\//.test(file));
}

/**
 * The `/internal/` routes of the code that docs/architecture.md#synchronous-calls does not name (each
 * as its shape, with the files that name it). The section names a route with `{param}` placeholders.
 */
export function undocumentedInternalRoutes(root: string, markdown: string): string[] {
  const documented = new Set<string>();
  for (const match of section(markdown, 'Synchronous calls').matchAll(/\/internal\/[^\s`|),]*/g)) {
    documented.add(routeShape(match[0]));
  }
  const missing = new Map<string, string[]>();
  for (const file of productionSources(root)) {
    for (const route of internalRoutesIn(readFileSync(join(root, file), 'utf8'))) {
      if (!documented.has(route)) missing.set(route, [...(missing.get(route) ?? []), file]);
    }
  }
  return [...missing].map(([route, files]) => `${route} (${[...new Set(files)].join(', ')})`);
}
