import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDockerfile, imageRuntime } from './dockerfile.ts';
import { ENTRYPOINT, MIGRATE_COMMAND } from './lifequest.ts';
import { ROOT, readText } from './repo.ts';

const dockerfile = readText('Dockerfile');

describe('Dockerfile', () => {
  it('builds on Node 24 slim in stages, fails on any failing step, runs as a non-root user', () => {
    expect(checkDockerfile(dockerfile, ENTRYPOINT)).toEqual([]);
  });

  it('runs commands that exist in the repository', () => {
    for (const file of [ENTRYPOINT, MIGRATE_COMMAND]) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('keeps data dirs, dependencies, build outputs and git out of the build context', () => {
    const ignored = readText('.dockerignore').split('\n');
    for (const pattern of ['.git', '**/node_modules', '.lifequest', '**/src/generated', 'web/dist', '.env'])
      expect(ignored, pattern).toContain(pattern);
  });
});

describe('the Dockerfile check fails on a broken Dockerfile', () => {
  it('a step that hides its failure (the old `|| true`)', () => {
    const hidden = dockerfile.replace('--logLevel warn', '--logLevel warn || true');
    expect(checkDockerfile(hidden, ENTRYPOINT)).toEqual([expect.stringMatching(/hides a failure$/)]);
    const noPipefail = dockerfile.replace(/^SHELL .*$/m, '');
    expect(checkDockerfile(noPipefail, ENTRYPOINT)).toEqual([expect.stringMatching(/^SHELL must stop/)]);
  });

  it('no HOST=0.0.0.0: the containers would listen on loopback only', () => {
    expect(checkDockerfile(dockerfile.replace('HOST=0.0.0.0 ', ''), ENTRYPOINT)).toEqual([
      'the final stage must set HOST=0.0.0.0 (LifeQuest listens on loopback by default)',
    ]);
  });

  it('root, a named user, dev dependencies kept, a different base', () => {
    expect(checkDockerfile(dockerfile.replace(/^USER .*$/m, 'USER root'), ENTRYPOINT)).toEqual([
      expect.stringMatching(/numeric non-root USER/),
    ]);
    expect(checkDockerfile(dockerfile.replace(/^USER .*$/m, 'USER node'), ENTRYPOINT)).toEqual([
      expect.stringMatching(/numeric non-root USER/),
    ]);
    expect(checkDockerfile(dockerfile.replace(/npm prune --omit=dev/, 'npm prune'), ENTRYPOINT)).toEqual([
      'the build stage must prune dev dependencies',
    ]);
    expect(checkDockerfile(dockerfile.replaceAll('node:24-bookworm-slim', 'node:22'), ENTRYPOINT)).toContain(
      'FROM node:22 AS build: use Node 24 slim',
    );
  });
});

describe("the image's runtime, as a container starts", () => {
  it('is read from the final stage: entrypoint, default command, ENV and WORKDIR', () => {
    expect(imageRuntime(dockerfile)).toEqual({
      entrypoint: ['node'],
      cmd: [ENTRYPOINT, '--target', 'all'],
      env: { NODE_ENV: 'production', HOST: '0.0.0.0', LIFEQUEST_DATA_DIR: '/app/.lifequest' },
      workdir: '/app',
    });
  });

  it('reads quoted and legacy ENV, and refuses a shell-form command', () => {
    const text =
      'FROM node:24-slim\nENV A="two words" B=2\nENV C three words\nWORKDIR /srv\nWORKDIR app\nCMD ["x"]';
    expect(imageRuntime(text)).toEqual({
      entrypoint: [],
      cmd: ['x'],
      env: { A: 'two words', B: '2', C: 'three words' },
      workdir: '/srv/app',
    });
    expect(() => imageRuntime('FROM node:24-slim\nCMD node app/src/main.ts')).toThrow(/exec form/);
  });
});
