import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import type { DeadLetter } from '../events/ports.ts';
import { RabbitMqEventBus } from '../events/rabbitmq-bus.ts';
import { IDENTITY_HEADER, signIdentity } from '../http/identity.ts';
import { OPS_PREFIX } from './routes.ts';

export const DLQ_USAGE = `Usage: npm run dlq -- <list|replay> <service> [options]

  list <service>               show the events <service> gave up on (newest last)
  replay <service>             put them back on <service>'s queue, each with fresh attempts
    --event <id>               only this event (repeatable)
  --json                       print JSON instead of a table
  --url <url>                  embedded mode: the running LifeQuest server (default http://127.0.0.1:$PORT)
  --prefix <name>              RabbitMQ names prefix (default lifequest)

With AMQP_URL set the command talks to RabbitMQ directly (queue lifequest.<service>.dlq).
Without it, the dead letters live inside the running embedded server, which holds the database:
the command asks that server, signing with the internal secret (INTERNAL_SECRET or the data dir's).`;

export interface DlqIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs `dlq` with its arguments; returns the process exit code. */
export async function runDlqCommand(
  argv: readonly string[],
  config: Config,
  internalSecret: string | undefined,
  io: DlqIo,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${DLQ_USAGE}`);
    return 64;
  }
  const { command, service, values } = parsed;
  if (!command || !service || (command !== 'list' && command !== 'replay')) {
    io.err(DLQ_USAGE);
    return 64;
  }
  const eventIds = values.event?.length ? values.event : undefined;

  try {
    if (config.amqpUrl) {
      const bus = await RabbitMqEventBus.connect({
        url: config.amqpUrl,
        prefix: values.prefix,
        connectTimeoutMs: 5_000,
      });
      try {
        if (command === 'list') print(io, service, await bus.listDeadLetters(service), values.json === true);
        else report(io, service, await bus.replayDeadLetters(service, { eventIds }), values.json === true);
      } finally {
        await bus.close();
      }
      return 0;
    }

    if (!internalSecret) {
      io.err(
        'No internal secret: set INTERNAL_SECRET, or run from the directory whose data dir the server uses.',
      );
      return 78;
    }
    const base = values.url ?? `http://127.0.0.1:${config.port}`;
    const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      let response: Response;
      try {
        response = await fetch(new URL(`${OPS_PREFIX}${path}`, base), {
          method,
          headers: {
            [IDENTITY_HEADER]: signIdentity(internalSecret, { kind: 'service', service: 'ops-cli' }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new Error(
          `Cannot reach LifeQuest at ${base} (${error instanceof Error ? error.message : String(error)}). ` +
            'In the embedded mode the dead letters live inside the running server: start it (npm start) and ' +
            'try again, pass --url, or run the distributed mode (AMQP_URL).',
        );
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`LifeQuest answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    };
    const path = `/dead-letters/${encodeURIComponent(service)}`;
    if (command === 'list') {
      const { deadLetters } = await call<{ deadLetters: DeadLetter[] }>('GET', path);
      print(io, service, deadLetters, values.json === true);
    } else {
      const { replayed } = await call<{ replayed: number }>('POST', `${path}/replay`, { eventIds });
      report(io, service, replayed, values.json === true);
    }
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      event: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      url: { type: 'string' },
      prefix: { type: 'string' },
    },
  });
  return { command: positionals[0], service: positionals[1], values };
}

function print(io: DlqIo, service: string, letters: DeadLetter[], json: boolean): void {
  if (json) {
    io.out(JSON.stringify(letters, null, 2));
    return;
  }
  if (letters.length === 0) {
    io.out(`No dead letters for ${service}.`);
    return;
  }
  io.out(`${letters.length} dead letter(s) for ${service}:`);
  for (const l of letters) {
    io.out(`- ${l.eventName ?? '?'} ${l.eventId ?? '?'}  attempts=${l.attempts}  dead at ${l.deadAt || '?'}`);
    io.out(`    ${l.error}`);
  }
}

function report(io: DlqIo, service: string, replayed: number, json: boolean): void {
  io.out(
    json
      ? JSON.stringify({ service, replayed })
      : `Replayed ${replayed} dead letter(s) onto ${service}'s queue.`,
  );
}
