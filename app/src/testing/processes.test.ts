import { createServer } from 'node:http';
import { freePort } from '@lifequest/platform/testing';
import { expect, it } from 'vitest';
import { PortTakenError, startNodeProcess } from './processes.ts';

// A port freePort() found free may be taken by another suite's server before the process binds it;
// that server answers /readyz too, and the test would then talk to a stranger.
it('refuses a port whose /readyz is answered by another process than the one it started', async () => {
  const port = await freePort();
  const stranger = createServer((_request, response) => response.end('{"status":"ready"}'));
  await new Promise<void>((resolve) => stranger.listen(port, '127.0.0.1', resolve));
  try {
    const started = startNodeProcess(
      'idle',
      ['-e', 'setInterval(() => {}, 1000)'],
      { PATH: process.env.PATH ?? '' },
      port,
      { readyTimeoutMs: 10_000 },
    );
    await expect(started).rejects.toBeInstanceOf(PortTakenError);
  } finally {
    await new Promise((resolve) => stranger.close(resolve));
  }
});
