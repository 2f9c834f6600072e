// `node scripts/layers/check.ts [root]`: exits 1 and lists every import that breaks a layer rule or
// makes a cycle between folders (scripts/layers/rules.ts). Part of `npm run check`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from 'dependency-cruiser';
import { FOLDER_CYCLE_RULES, LAYER_RULES, LAYERED, NOT_CRUISED, TEST_FILES } from './rules.ts';

teachSwcVisitorUsing();

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
process.chdir(root);
const targets = LAYERED.filter((folder) => existsSync(folder));

const resolveOptions = {
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
  exportsFields: ['exports'],
  conditionNames: ['import', 'node', 'default', 'types'],
  mainFields: ['module', 'main', 'types'],
};

async function check(forbidden: IForbiddenRuleType[], exclude: string): Promise<number> {
  const options: ICruiseOptions = {
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
  if (result.exitCode !== 0) process.stdout.write(String(result.output));
  return result.exitCode;
}

const layers = await check(LAYER_RULES, NOT_CRUISED);
const cycles = await check(FOLDER_CYCLE_RULES, `${NOT_CRUISED}|${TEST_FILES}`);
if (layers + cycles === 0) process.stdout.write(`layers: ${targets.join(', ')} follow the rules\n`);
process.exitCode = layers + cycles === 0 ? 0 : 1;

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
