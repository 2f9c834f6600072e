import amqp, { type ChannelModel } from 'amqplib';
import { type AmqpConnect, amqpConnect } from '../events/rabbitmq/connection.ts';
import { deleteTopology } from '../events/rabbitmq/topology.ts';
import { DEFAULT_RETRY, type RetryPolicy } from '../events/retry.ts';

/**
 * Deletes the exchange and the given consumers' queues of one prefix (each test uses its own). The retry
 * policy names the retry queues: pass the one the buses had.
 */
export async function deleteRabbitMqTopology(
  options: { url: string; prefix: string; retry?: Partial<RetryPolicy> },
  consumers: readonly string[],
): Promise<void> {
  const model = await amqp.connect(options.url);
  try {
    await deleteTopology(model, options.prefix, { ...DEFAULT_RETRY, ...options.retry }, consumers);
  } finally {
    await model.close().catch(() => {});
  }
}

/**
 * For a bus's `connect` option: connections whose socket `cut()` destroys the way a network failure
 * would (the latest one), after which the bus reconnects by itself.
 */
export function cuttableConnections(): { connect: AmqpConnect; cut(): void } {
  let latest: ChannelModel | undefined;
  return {
    async connect(url, socketOptions) {
      latest = await amqpConnect(url, socketOptions);
      return latest;
    },
    cut() {
      const model = latest as unknown as
        | { connection?: { stream?: { destroy(error?: Error): void } } }
        | undefined;
      model?.connection?.stream?.destroy(new Error('connection cut (simulated network failure)'));
    },
  };
}
