import type { ChannelModel } from 'amqplib';
import { type AmqpConnect, amqpConnect } from '../events/rabbitmq/connection.ts';

export { deleteRabbitMqTopology } from '../events/rabbitmq/topology.ts';

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
