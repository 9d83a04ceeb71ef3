import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/**
 * The hardening suite: the built server (`dist/cli.js`) in its own process, driven over HTTP —
 * fuzzing from the OpenAPI document, crashes and restarts, races, real OAuth2 clients. Each file
 * covers PGlite, and PostgreSQL when TEST_DATABASE_URL is set. Files run one at a time: they
 * load the machine on purpose, and their figures mean more without a neighbour.
 */
export default defineConfig({
  resolve: { alias: { '@backoffice/contracts': contracts } },
  test: {
    include: ['test/hardening/**/*.test.ts'],
    globalSetup: ['test/hardening/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
