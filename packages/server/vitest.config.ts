import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/**
 * The API suite runs on embedded PGlite always, and again on a real PostgreSQL server when
 * TEST_DATABASE_URL is set (each test file gets a fresh database of its own there).
 */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { alias: { '@backoffice/contracts': contracts } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WebAssembly; two workers suit a 2-core machine.
    maxWorkers: 2,
    projects: engines.map((engine) => ({
      extends: true,
      test: { name: engine, env: { TEST_ENGINE: engine }, include: ['test/*.test.ts', 'test/services/*.test.ts'] },
    })),
  },
});
