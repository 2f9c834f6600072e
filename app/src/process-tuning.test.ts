import { describe, expect, it } from 'vitest';
import { EMBEDDED_ENV, EMBEDDED_NODE_FLAGS, tuneEmbeddedProcess } from './process-tuning.ts';

type Call = { file: string; args: string[]; env: Record<string, string> };

function tune(argv: string[], env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux'): Call[] {
  const calls: Call[] = [];
  tuneEmbeddedProcess({
    argv: ['/usr/bin/node', '/srv/app/src/main.ts', ...argv],
    execArgv: ['--cpu-prof'],
    env,
    platform,
    execve: (file, args, environment) => void calls.push({ file, args, env: environment }),
  });
  return calls;
}

describe('the embedded process settings', () => {
  it('target all restarts itself once with one V8 worker thread and two malloc arenas, keeping its arguments', () => {
    const [call, ...more] = tune(['--target', 'all'], { PORT: '8080' });
    expect(more).toEqual([]);
    expect(call!.args).toEqual([
      process.execPath,
      ...EMBEDDED_NODE_FLAGS,
      '--cpu-prof',
      '/srv/app/src/main.ts',
      '--target',
      'all',
    ]);
    expect(call!.env).toEqual({ PORT: '8080', ...EMBEDDED_ENV, LIFEQUEST_TUNED: '1' });
    expect(tune([])).toHaveLength(1); // all is the default target
  });

  it("fixes glibc's mmap and trim thresholds, so large blocks freed after boot go back to the system", () => {
    // Setting either stops glibc raising its mmap threshold as large blocks are freed (mallopt(3)).
    expect(tune([])[0]!.env).toMatchObject({
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
  });

  it('leaves distributed targets, an already tuned process and other systems as they are', () => {
    expect(tune(['--target', 'quests'])).toEqual([]);
    expect(tune(['--target=gateway'])).toEqual([]);
    expect(tune([], { LIFEQUEST_TARGET: 'ai-worker' })).toEqual([]);
    expect(tune([], { LIFEQUEST_TUNED: '1' })).toEqual([]);
    expect(tune([], {}, 'darwin')).toEqual([]);
  });
});
