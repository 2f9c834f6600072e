// `node scripts/layers/check.ts [root]`: exits 1 and lists every import that breaks a layer rule or
// makes a cycle between folders (scripts/layers/rules.ts). Part of `npm run check`; its tests call
// `checkLayers` in their own process (a process per check cost a second of start-up each).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from 'dependency-cruiser';
import { FOLDER_CYCLE_RULES, LAYER_RULES, LAYERED, NOT_CRUISED, TEST_FILES } from './rules.ts';

teachSwcVisitorUsing();

const resolveOptions = {
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
  exportsFields: ['exports'],
  conditionNames: ['import', 'node', 'default', 'types'],
  mainFields: ['module', 'main', 'types'],
};

/** Whether the tree at `root` follows the layers, and what the check says (every broken rule, or the pass). */
export async function checkLayers(at: string): Promise<{ ok: boolean; output: string }> {
  const root = resolve(at);
  const targets = LAYERED.filter((folder) => existsSync(join(root, folder)));
  async function check(forbidden: IForbiddenRuleType[], exclude: string): Promise<string | null> {
    const options: ICruiseOptions = {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: exclude },
      moduleSystems: ['es6'],
      // TypeScript 7 has no compiler API for dependency-cruiser to parse with; swc reads TypeScript as is.
      parser: 'swc',
      combinedDependencies: true,
      outputType: 'err',
    };
    const result = await cruise(targets, options, resolveOptions);
    return result.exitCode === 0 ? null : String(result.output);
  }
  const broken = [
    await check(LAYER_RULES, NOT_CRUISED),
    await check(FOLDER_CYCLE_RULES, `${NOT_CRUISED}|${TEST_FILES}`),
  ].filter((output): output is string => output !== null);
  if (broken.length > 0) return { ok: false, output: broken.join('') };
  return { ok: true, output: `layers: ${targets.join(', ')} follow the rules\n` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ok, output } = await checkLayers(
    process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)),
  );
  process.stdout.write(output);
  process.exitCode = ok ? 0 : 1;
}

/**
 * dependency-cruiser walks swc's AST with @swc/core's Visitor, which predates `using` declarations and
 * throws on them. A `using` declaration holds variable declarators like `const`, so walk it as one.
 */
function teachSwcVisitorUsing(): void {
  interface Statement {
    type: string;
    decls?: unknown[];
  }
  interface Visitor {
    visitStatement(statement: Statement): unknown;
    visitVariableDeclarators(declarators: unknown[]): unknown[];
  }
  const { Visitor } = createRequire(import.meta.url)('@swc/core/Visitor.js') as {
    Visitor: { prototype: Visitor };
  };
  const visitStatement = Visitor.prototype.visitStatement;
  Visitor.prototype.visitStatement = function (this: Visitor, statement) {
    if (statement.type !== 'UsingDeclaration') return visitStatement.call(this, statement);
    statement.decls = this.visitVariableDeclarators(statement.decls ?? []);
    return statement;
  };
}
