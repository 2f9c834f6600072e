import { z } from 'zod';

/** `/{id}` of any resource: ids are UUIDs, so anything else is a 400 at the route, never a query. */
export const IdParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export type IdParams = z.infer<typeof IdParams>;
