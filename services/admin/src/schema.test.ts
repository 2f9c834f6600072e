import { schemaDisagreements } from '@lifequest/platform/testing';
import { expect, it } from 'vitest';

it("admin's SQL migrations and schema.prisma describe the same tables", async () => {
  expect(await schemaDisagreements(new URL('../prisma/', import.meta.url))).toEqual([]);
});
