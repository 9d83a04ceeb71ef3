import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; migrations run from code at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
