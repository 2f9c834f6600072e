import { createServiceEvents } from '../events/service-events.ts';
import type { ModuleContext, ServiceModule } from './module.ts';

/**
 * A module's context: the shared parts, plus `events()` bound to the module's schema and declared
 * subscriptions, whose relay starts with the others and stops before the module's client disconnects.
 */
export function moduleContext(
  module: ServiceModule,
  shared: Omit<ModuleContext, 'events'>,
  /** Told of each module's relay (the test factory waits for them to drain). */
  onEvents?: (relay: { flush(): Promise<void>; backlog(): Promise<number> }) => void,
): ModuleContext {
  let created = false;
  return {
    ...shared,
    events(prisma) {
      if (created) throw new Error(`ctx.events() was already called for the ${module.name} module`);
      created = true;
      const events = createServiceEvents({
        schema: module.schema,
        publisher: module.name,
        prisma,
        bus: shared.bus,
        log: shared.log,
        subscribes: module.subscribes,
        database: shared.db,
        // Embedded, this process is the only consumer of its database's events: it tells its own waiters.
        ...(shared.db.kind === 'postgres' ? { notifications: shared.db } : {}),
      });
      shared.onStarted(() => events.start());
      // Registered after the module's client (it is created first), so it stops before it disconnects.
      shared.onClose(() => events.stop());
      onEvents?.(events);
      return events;
    },
  };
}
