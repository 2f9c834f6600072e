import { openPglite } from '../db/database.ts';
import { describeEventBusConformance } from './bus.conformance.ts';
import { SqlDeadLetterStore } from './dead-letter-store.ts';
import { InProcessEventBus } from './in-process-bus.ts';

const retry = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

describeEventBusConformance('in-process bus on PGlite', async () => {
  const db = await openPglite(undefined);
  const deadLetters = new SqlDeadLetterStore(db);
  // Every service of one process shares one in-process bus, as the runtime wires it.
  let shared: InProcessEventBus | undefined;
  return {
    db,
    retry,
    async openBus() {
      shared ??= new InProcessEventBus({ retry, deadLetters });
      return shared;
    },
    dispose: () => db.close(),
  };
});
