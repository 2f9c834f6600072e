import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configVariables, undocumentedVariables } from './configuration.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

describe('docs/operations.md#configuration', () => {
  it('names every variable platform/src/config.ts reads', () => {
    const config = read('platform/src/config.ts');
    expect(configVariables(config)).toContain('HOST');
    expect(undocumentedVariables(config, read('docs/operations.md'))).toEqual([]);
  });

  it('fails on a variable the table does not name', () => {
    const config = 'const EnvSchema = z.object({\n  PORT: z.number(),\n  NEW_KNOB: z.string(),\n});\n';
    const operations = '# Ops\n\n## Configuration\n\n| `PORT` | 8080 |\n\n## Other\n\n`NEW_KNOB`\n';
    expect(undocumentedVariables(config, operations)).toEqual(['NEW_KNOB']);
  });
});
