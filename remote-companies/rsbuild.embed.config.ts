import { fileURLToPath } from 'node:url';
import { pluginPrecompress } from '@backoffice/federation/rsbuild';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { EMBED_MAJOR } from './src/embed/version';

/**
 * The embed for other sites (DESIGN §4): one classic script, `dist/embed/v<major>/embed.js`, that
 * brings its own React and Chakra (no Module Federation, nothing shared with a host) and defines
 * `<backoffice-companies>`, plus the example host page `dist/embed/example.html`. Built after the
 * remote into the same `dist/`, which the server serves at `/remotes/companies/`.
 */
export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { embed: './src/embed/index.ts' } },
  resolve: {
    alias: {
      '@backoffice/contracts$': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  output: {
    target: 'web',
    assetPrefix: 'auto',
    cleanDistPath: false,
    distPath: { root: 'dist', js: `embed/v${EMBED_MAJOR}`, jsAsync: `embed/v${EMBED_MAJOR}/async` },
    filename: { js: '[name].js' },
    copy: [{ from: './src/embed/example.html', to: 'embed/example.html' }],
    legalComments: 'none',
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: {
    htmlPlugin: false,
    rspack: {
      // A stable global name for the runtime, so it never meets another bundle on the host page.
      output: { uniqueName: 'backofficeCompaniesEmbed', asyncChunks: false },
    },
  },
});
