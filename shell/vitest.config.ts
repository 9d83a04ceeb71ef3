import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@backoffice/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['@backoffice/ui/testing/setup'],
    // Role queries over Chakra's styled DOM are slow in jsdom on a shared 2-core machine.
    testTimeout: 30_000,
  },
});
