import { defineConfig } from 'prisma/config';

// The Prisma CLI is used here only for `prisma generate` (no engine needed). Migrations are applied by
// scripts/migrate.ts and created by scripts/migration-create.ts (docs/architecture.md, "Migrations").
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
});
