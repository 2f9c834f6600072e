import { section } from './architecture.ts';

/** The variables `EnvSchema` in platform/src/config.ts reads, from its source (the schema is not exported). */
export function configVariables(configSource: string): string[] {
  const start = configSource.indexOf('const EnvSchema = z.object({');
  if (start < 0) return [];
  const body = configSource.slice(start, configSource.indexOf('\n});', start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);
}

/** The variables of platform/src/config.ts that docs/operations.md#configuration does not name. */
export function undocumentedVariables(configSource: string, operations: string): string[] {
  const table = section(operations, 'Configuration');
  return configVariables(configSource).filter((name) => !table.includes(`\`${name}\``));
}
