import path from 'node:path';
import { HTML_TEMPLATE, pluginPrecompress, workspaceAliases } from '@backoffice/federation/rsbuild';
import { defineConfig, rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/**
 * The benchmark's reference (never deployed): the shell and the same remote pages built as one
 * application, without Module Federation. Only the shell's federation modules are swapped for
 * `src/`, which imports the pages directly (one lazy chunk per page, as a plain single-page app
 * would split its routes); everything else is the product's own code and build settings.
 */
const here = import.meta.dirname;
const repo = path.resolve(here, '../../../..');
const stub = (file: string) => path.join(here, 'src', file);

export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { index: path.join(repo, 'shell/src/bootstrap.tsx') } },
  resolve: { alias: workspaceAliases },
  html: { title: 'Back Office', template: HTML_TEMPLATE, favicon: path.join(repo, 'shell/src/favicon.svg') },
  output: {
    assetPrefix: '/',
    cleanDistPath: true,
    // Served as WEB_ROOT by the same server as the product (it looks for shell/dist).
    distPath: { root: path.join(here, 'web-root/shell/dist') },
  },
  tools: {
    rspack: {
      plugins: [
        new rspack.NormalModuleReplacementPlugin(
          /[\\/]federation[\\/](runtime|ensure-remotes|provide-shared)$/,
          (r) => {
            const name = /(runtime|ensure-remotes|provide-shared)$/.exec(r.request)?.[1];
            r.request = stub(`${name}.ts`);
          },
        ),
      ],
    },
  },
});
