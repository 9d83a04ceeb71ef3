import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The one vitest setup of the frontend apps (shell and remotes): jsdom, the shared Testing Library
 * setup, and the contracts read from source so no build is needed first. Each app's
 * vitest.config.ts is `export default frontendTestConfig()` plus its own setup files, if any.
 */
export function frontendTestConfig({ setupFiles = [] }: { setupFiles?: string[] } = {}) {
  return defineConfig({
    resolve: {
      // The main entry only: `@backoffice/contracts/remote-screens` is TypeScript source already.
      alias: [
        {
          find: /^@backoffice\/contracts$/,
          replacement: fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)),
        },
      ],
    },
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      setupFiles: ['@backoffice/ui/testing/setup', ...setupFiles],
      // Role queries over Chakra's styled DOM are slow in jsdom on a 2-core machine.
      testTimeout: 30_000,
    },
  });
}
