import { z } from 'zod';

/**
 * An id field of a route's params or body. Ids are UUIDs, so anything else is a 400 at the route and
 * never reaches a query; `name` is the field the 400's message names.
 */
export function uuidField(name: string) {
  return z.uuid({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a valid id`),
  });
}

/** `/{id}` of any resource. */
export const IdParams = z.object({ id: uuidField('id') });
export type IdParams = z.infer<typeof IdParams>;

/** `/{userId}` of the internal routes about one hero. */
export const UserIdParams = z.object({ userId: uuidField('userId') });
export type UserIdParams = z.infer<typeof UserIdParams>;

const Uuid = z.uuid();

/**
 * Whether a value is a UUID, for ids that come from elsewhere than a route (an event's payload): every
 * row's id is one, so any other value names nothing.
 */
export function isUuid(value: unknown): value is string {
  return Uuid.safeParse(value).success;
}
