import { type ChatMessage, GOAL_CATEGORIES, type GoalCategory, type Plan } from '@lifequest/proto';
import type { LlmProvider } from '../../port.ts';
import { DEV_SET_NOW, type GoalStatement } from './goal-statements.ts';
import { FACTS, type Fact, factsOf, type Scored, scoreStatement } from './score.ts';

// Runs the development set through a provider's advisor, one statement per fresh conversation, exactly
// as a hero's messages on the Pathfinder page (the earlier ones of a statement first, each answered),
// and tallies the facts it got right.

export type Tally = { right: number; total: number };

export type Evaluation = {
  provider: string;
  scored: Scored[];
  /** Statements whose call failed (a real model may time out or answer off-contract). */
  failures: Array<{ statement: GoalStatement; error: string }>;
  overall: Tally;
  byFact: Record<Fact, Tally>;
  byCategory: Record<GoalCategory, Tally>;
};

export async function evaluate(
  provider: LlmProvider,
  statements: readonly GoalStatement[],
  options: { now?: Date; concurrency?: number } = {},
): Promise<Evaluation> {
  const today = options.now ?? DEV_SET_NOW;
  const scored: Scored[] = new Array(statements.length);
  const failures: Evaluation['failures'] = [];
  let next = 0;
  const worker = async () => {
    while (next < statements.length) {
      const i = next++;
      const statement = statements[i]!;
      let plan: Plan | null = null;
      try {
        const history: ChatMessage[] = [];
        for (const message of [...(statement.before ?? []), statement.text]) {
          const answer = await provider.advisor(
            { message, history: [...history] },
            { today, onUsage: () => {} },
          );
          history.push({ role: 'user', content: message }, { role: 'assistant', content: answer.reply });
          plan = answer.plan;
        }
      } catch (error) {
        failures.push({ statement, error: error instanceof Error ? error.message : String(error) });
      }
      scored[i] = scoreStatement(statement, plan);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return { provider: `${provider.name} (${provider.model})`, scored, failures, ...tally(scored) };
}

function tally(scored: Scored[]): Pick<Evaluation, 'overall' | 'byFact' | 'byCategory'> {
  const empty = (): Tally => ({ right: 0, total: 0 });
  const overall = empty();
  const byFact = Object.fromEntries(FACTS.map((f) => [f, empty()])) as Record<Fact, Tally>;
  const byCategory = Object.fromEntries(GOAL_CATEGORIES.map((c) => [c, empty()])) as Record<
    GoalCategory,
    Tally
  >;
  for (const s of scored) {
    for (const fact of factsOf(s.statement)) {
      const ok = s.right[fact] ? 1 : 0;
      for (const t of [overall, byFact[fact], byCategory[s.statement.category]]) {
        t.right += ok;
        t.total += 1;
      }
    }
  }
  return { overall, byFact, byCategory };
}

export function share(t: Tally): number {
  return t.total === 0 ? 0 : t.right / t.total;
}

const percent = (t: Tally) => `${(share(t) * 100).toFixed(1)}%`.padStart(6);

/** The printed report: totals per fact and per category, then every statement with a wrong fact. */
export function formatEvaluation(e: Evaluation, part = 'the development set'): string {
  const lines = [
    `The Pathfinder on ${part}: ${e.scored.length} statements, ${e.provider}`,
    '',
    `Facts right: ${percent(e.overall)}  (${e.overall.right}/${e.overall.total})`,
    '',
    'Per fact:',
    ...FACTS.filter((f) => e.byFact[f].total > 0).map(
      (f) => `  ${f.padEnd(12)} ${percent(e.byFact[f])}  (${e.byFact[f].right}/${e.byFact[f].total})`,
    ),
    '',
    'Per category (all the facts of its statements):',
    ...GOAL_CATEGORIES.map(
      (c) =>
        `  ${c.padEnd(12)} ${percent(e.byCategory[c])}  (${e.byCategory[c].right}/${e.byCategory[c].total})`,
    ),
  ];
  const misses = e.scored.filter((s) => factsOf(s.statement).some((f) => !s.right[f]));
  lines.push('', misses.length === 0 ? 'No misses.' : `Misses (${misses.length} statements):`);
  for (const s of misses) {
    const wrong = factsOf(s.statement).filter((f) => !s.right[f]);
    const st = s.statement;
    const expected = st.target;
    const r = s.reading;
    const title = st.title ? `, title naming ${st.title.map((w) => `'${w}'`).join(' and ')}` : '';
    lines.push(
      ...(st.before ?? []).map((m) => `  after "${m}"`),
      `  "${st.text}"`,
      st.answer
        ? '      expected an answer, no plan'
        : `      expected ${st.category}, ${expected ? `${expected.value} ${expected.unit}` : 'no number'}, ${st.deadline}${title}`,
      `      got      ${r.category ?? 'no plan'}${r.category ? `, ${r.targetValue ?? '-'} ${r.unit ?? '-'}, ${r.deadline ?? '-'}, "${r.title}"` : ''}   [wrong: ${wrong.join(', ')}]`,
    );
  }
  for (const f of e.failures) lines.push(`  failed: "${f.statement.text}": ${f.error}`);
  return lines.join('\n');
}
