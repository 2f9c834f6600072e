import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { urlVariable } from '@lifequest/platform';
import { isolatedInfraPrefix, resolveInfra } from '@lifequest/platform/testing';
import { afterAll, expect, it } from 'vitest';
import { registry } from './registry.ts';
import { startTarget, type TargetProcess } from './testing/processes.ts';

// "LifeQuest is running at …" is the newcomer's cue to open the page: it is printed only once every
// module answers ready, here the services a lone gateway routes to (stand-ins whose /readyz we hold).

const servers: Server[] = [];
let gateway: TargetProcess | undefined;
let dispose: (() => Promise<void>) | undefined;
afterAll(async () => {
  await gateway?.stop();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await dispose?.();
});

it('a lone gateway says it is running only once every service it routes to is ready', async () => {
  const [redisUrl, amqpUrl] = [await resolveInfra('redis'), await resolveInfra('rabbitmq')];
  if (!redisUrl || !amqpUrl) throw new Error('needs Redis and RabbitMQ');
  const infra = isolatedInfraPrefix({ amqpUrl, redisUrl });
  dispose = infra.dispose;
  let ready = false;
  const urls: Record<string, string> = {};
  for (const module of registry.modules) {
    const server = createServer((_req, res) => {
      res.statusCode = ready ? 200 : 503;
      res.end('{}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls[urlVariable(module.name)] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  gateway = await startTarget('gateway', {
    ...urls,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INFRA_PREFIX: infra.prefix,
    REDIS_URL: redisUrl,
    AMQP_URL: amqpUrl,
  });
  // The gateway answers; it waits for the services, and says so.
  while (!gateway.output().includes('to be ready')) await new Promise((r) => setTimeout(r, 50));
  expect(gateway.output()).not.toContain('LifeQuest is running at');
  ready = true;
  while (!gateway.output().includes('LifeQuest is running at')) await new Promise((r) => setTimeout(r, 50));
  expect(gateway.output()).toContain(`LifeQuest is running at http://localhost:${gateway.port}`);
});
