import { ConfigError, loadConfig } from '@lifequest/platform';
import { describe, expect, it } from 'vitest';
import { configProblems, deployedTargets, knownVariables } from './lifequest.ts';

describe('what the artifacts are checked against', () => {
  it('the variables are read from the config schema: every one loadConfig demands is among them', () => {
    const known = knownVariables();
    let demanded: string[] = [];
    try {
      loadConfig({}, ['--target', 'gateway']);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      demanded = error.problems.map((p) => p.split(':')[0]!);
    }
    expect(demanded.length).toBeGreaterThan(0);
    for (const name of demanded) expect(known).toContain(name);
    expect(known.size).toBeGreaterThan(demanded.length);
  });

  it('every target but `all` is deployed, each on its own port', () => {
    const targets = deployedTargets();
    expect(targets.map((t) => t.name)).not.toContain('all');
    expect(new Set(targets.filter((t) => t.name !== 'gateway').map((t) => t.port)).size).toBe(
      targets.length - 1,
    );
  });

  it('a configuration problem names the variable or the boot failure', () => {
    expect(configProblems('x', { LOG_LEVL: 'debug' }, [])).toEqual([
      'x: LOG_LEVL is not a LifeQuest configuration variable',
    ]);
    expect(configProblems('x', {}, ['--target', 'quests'])).toEqual([
      expect.stringMatching(/^x: would not boot: [\s\S]*DATABASE_URL: required/),
    ]);
  });
});
