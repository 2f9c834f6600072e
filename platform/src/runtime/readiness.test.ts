import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { untilReady } from './readiness.ts';

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));

/** A server whose /readyz answers 503 until `ready()` is called. */
async function module(): Promise<{ url: string; ready: () => void; asked: () => number }> {
  let isReady = false;
  let asked = 0;
  const server = createServer((req, res) => {
    if (req.url === '/readyz') asked++;
    res.statusCode = isReady ? 200 : 503;
    res.end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ready: () => {
      isReady = true;
    },
    asked: () => asked,
  };
}

it('resolves only once every module answers /readyz 200, naming those it waits for', async () => {
  const auth = await module();
  const quests = await module();
  auth.ready();
  const waits: string[] = [];
  let settled = false;
  const waiting = untilReady(
    { auth: auth.url, quests: quests.url },
    { pollMs: 10, onWait: (name) => waits.push(name) },
  ).then(() => {
    settled = true;
  });
  while (quests.asked() < 3) await new Promise((r) => setTimeout(r, 5));
  expect(settled).toBe(false);
  quests.ready();
  await waiting;
  expect(waits).toEqual(['quests']);
});

it('gives up naming the module that never became ready', async () => {
  const social = await module();
  await expect(untilReady({ social: social.url }, { timeoutMs: 0, pollMs: 1 })).rejects.toThrow(
    'not ready in time: social',
  );
});
