import { describe, expect, it } from 'vitest';
import { OfflinePathfinder } from '../../providers/offline-pathfinder.ts';
import { evaluate, formatEvaluation, share } from './evaluate.ts';
import { GOAL_STATEMENTS } from './goal-statements.ts';

// The offline Pathfinder on the development set. The engine gets every fact right today; the floors sit
// just under that (a few facts of slack for a deliberate trade-off), so a change that makes it understand
// heroes worse fails here. `npm run eval:pathfinder` lists what it got wrong.
const FLOOR = { overall: 0.99, perFact: 0.98, perCategory: 0.97 };

describe('the offline Pathfinder on the development set', () => {
  it('has at least 120 statements in all five categories', () => {
    expect(GOAL_STATEMENTS.length).toBeGreaterThanOrEqual(120);
    const categories = new Set(GOAL_STATEMENTS.map((s) => s.category));
    expect([...categories].sort()).toEqual(['education', 'finance', 'fitness', 'habit', 'project']);
  });

  it('gets the facts right', async () => {
    const evaluation = await evaluate(new OfflinePathfinder(), GOAL_STATEMENTS);
    const report = formatEvaluation(evaluation);
    expect(evaluation.failures, report).toEqual([]);
    expect(share(evaluation.overall), report).toBeGreaterThanOrEqual(FLOOR.overall);
    for (const tally of Object.values(evaluation.byFact)) {
      expect(share(tally), report).toBeGreaterThanOrEqual(FLOOR.perFact);
    }
    for (const tally of Object.values(evaluation.byCategory)) {
      expect(share(tally), report).toBeGreaterThanOrEqual(FLOOR.perCategory);
    }
  });
});
