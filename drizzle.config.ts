import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  // The drift check points this at a scratch copy (scripts/check-drift.mjs).
  out: process.env.DRIZZLE_OUT ?? './server/db/migrations',
  casing: undefined,
});
