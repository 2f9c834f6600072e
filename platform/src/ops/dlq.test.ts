import type { AddressInfo } from 'node:net';
import { createEnvelope } from '@lifequest/proto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { InProcessEventBus } from '../events/in-process-bus.ts';
import type { EventBus } from '../events/ports.ts';
import { RabbitMqEventBus } from '../events/rabbitmq-bus.ts';
import { createHttpServer } from '../http/server.ts';
import { describeWithInfra, uniqueName } from '../testing/infra.ts';
import { deleteRabbitMqTopology } from '../testing/rabbitmq.ts';
import { waitUntil } from '../testing/wait.ts';
import { runDlqCommand } from './dlq-command.ts';
import { registerOpsRoutes } from './routes.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';
const QUEST_2 = '20000000-0000-4000-8000-000000000002';

const secret = 'an-internal-secret-of-at-least-32-characters';
const retry = { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 };

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

/** A consumer that fails until told otherwise, and one dead letter for it. */
async function deadLetterFor(bus: EventBus, consumer: string) {
  const state = { failing: true, handled: 0 };
  await bus.subscribe(consumer, ['goal.deleted'], async () => {
    if (state.failing) throw new Error('projection offline');
    state.handled++;
  });
  const event = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, HERO);
  await bus.publish(event);
  await waitUntil('the dead letter', async () => (await bus.listDeadLetters(consumer)).length === 1);
  return { state, event };
}

describe('dlq command, embedded mode (through the running server)', () => {
  it('lists and replays a consumer’s dead letters, and refuses callers without the internal identity', async () => {
    const bus = new InProcessEventBus({ retry });
    const app = await createHttpServer({
      name: 'ops-test',
      logger: pino({ level: 'silent' }),
      bodyLimitBytes: 1_000_000,
      internalSecret: secret,
    });
    registerOpsRoutes(app, bus);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const config = loadConfig({ INTERNAL_SECRET: secret });
      const { state, event } = await deadLetterFor(bus, 'social');

      const listed = captureIo();
      expect(await runDlqCommand(['list', 'social', '--url', url], config, secret, listed.io)).toBe(0);
      expect(listed.out.join('\n')).toContain(`goal.deleted ${event.id}  attempts=2`);
      expect(listed.out.join('\n')).toContain('projection offline');

      const json = captureIo();
      expect(await runDlqCommand(['list', 'social', '--url', url, '--json'], config, secret, json.io)).toBe(
        0,
      );
      expect(JSON.parse(json.out.join('\n'))).toMatchObject([{ consumer: 'social', eventId: event.id }]);

      state.failing = false;
      const replayed = captureIo();
      expect(await runDlqCommand(['replay', 'social', '--url', url], config, secret, replayed.io)).toBe(0);
      expect(replayed.out).toEqual(["Replayed 1 dead letter(s) onto social's queue."]);
      expect(state.handled).toBe(1);
      expect(await bus.listDeadLetters('social')).toEqual([]);

      const anonymous = await fetch(`${url}/internal/ops/dead-letters/social`);
      expect(anonymous.status).toBe(401);
      const forged = captureIo();
      expect(await runDlqCommand(['list', 'social', '--url', url], config, 'x'.repeat(40), forged.io)).toBe(
        1,
      );
      expect(forged.err.join('\n')).toMatch(/401/);
    } finally {
      await app.close();
      await bus.close();
    }
  });

  it('explains what to do when no server answers, and shows usage on bad arguments', async () => {
    const config = loadConfig({ INTERNAL_SECRET: secret });
    const down = captureIo();
    expect(
      await runDlqCommand(['list', 'social', '--url', 'http://127.0.0.1:9'], config, secret, down.io),
    ).toBe(1);
    expect(down.err.join('\n')).toMatch(/start it \(npm start\)/);
    const usage = captureIo();
    expect(await runDlqCommand(['purge', 'social'], config, secret, usage.io)).toBe(64);
    expect(usage.err.join('\n')).toContain('Usage: npm run dlq');
  });
});

await describeWithInfra('rabbitmq', 'dlq command, distributed mode (RabbitMQ)', (amqpUrl) => {
  it('lists and replays the dead letters in <prefix>.<service>.dlq, one event or all', async () => {
    const prefix = uniqueName('lqtest');
    const bus = await RabbitMqEventBus.connect({ url: amqpUrl, prefix, retry });
    try {
      const config = loadConfig({ AMQP_URL: amqpUrl });
      const { state, event } = await deadLetterFor(bus, 'admin');
      const second = createEnvelope('goal.deleted', { goalId: QUEST_2, userId: HERO }, HERO);
      await bus.publish(second);
      await waitUntil('two dead letters', async () => (await bus.listDeadLetters('admin')).length === 2);

      const listed = captureIo();
      expect(await runDlqCommand(['list', 'admin', '--prefix', prefix], config, undefined, listed.io)).toBe(
        0,
      );
      expect(listed.out[0]).toBe('2 dead letter(s) for admin:');
      expect(listed.out.join('\n')).toContain(event.id);

      state.failing = false;
      const one = captureIo();
      const args = ['replay', 'admin', '--prefix', prefix, '--event', second.id];
      expect(await runDlqCommand(args, config, undefined, one.io)).toBe(0);
      expect(one.out).toEqual(["Replayed 1 dead letter(s) onto admin's queue."]);
      await waitUntil('the replayed event', () => state.handled === 1);
      const left = await bus.listDeadLetters('admin');
      expect(left.map((l) => l.eventId)).toEqual([event.id]);

      const rest = captureIo();
      expect(await runDlqCommand(['replay', 'admin', '--prefix', prefix], config, undefined, rest.io)).toBe(
        0,
      );
      await waitUntil('the other event', () => state.handled === 2);
      expect(await bus.listDeadLetters('admin')).toEqual([]);
    } finally {
      await deleteRabbitMqTopology({ url: amqpUrl, prefix, retry }, ['admin']);
      await bus.close();
    }
  });
});
