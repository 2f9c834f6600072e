import { defineConfig } from 'prisma/config';

// Migrations are plain SQL under prisma/migrations, applied by the platform at boot (docs/architecture.md#data-ownership).
export default defineConfig({ schema: 'prisma/schema.prisma' });
