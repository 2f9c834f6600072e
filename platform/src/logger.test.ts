import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it, onTestFinished } from 'vitest';

const LINES = 20_000;
const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));

it('a log reader that stops reading never holds up the process, and every line still arrives in order', async () => {
  // The child logs far more than a pipe holds while nobody reads its stdout, then says so on stderr.
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(logger)};
       const log = createLogger('info');
       for (let i = 0; i < ${LINES}; i++) log.info({ i, padding: 'x'.repeat(100) }, 'line');
       process.stderr.write('logged\\n');`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  onTestFinished(() => void child.kill('SIGKILL'));
  child.stdout.pause();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  while (!stderr.includes('logged')) {
    if (child.exitCode !== null) throw new Error(`the child exited early: ${stderr}`);
    await once(child.stderr, 'data');
  }
  // Only now is the output read: the child got on with its work while the pipe was full.
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdout.resume();
  await once(child, 'close');
  const lines = Buffer.concat(chunks)
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).i);
  expect(lines).toEqual(Array.from({ length: LINES }, (_, i) => i));
}, 60_000);
