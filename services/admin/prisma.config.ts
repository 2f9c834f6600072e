import { defineConfig } from 'prisma/config';

// Migrations are plain SQL under prisma/migrations, applied by the platform at boot (see ARCHITECTURE 8).
export default defineConfig({ schema: 'prisma/schema.prisma' });
