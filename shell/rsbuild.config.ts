import {
  createSharedConfig,
  devRemotesJson,
  isShellEager,
  productionRemotesJson,
  REMOTES,
  SHELL_DEV_PORT,
  SHELL_NAME,
} from '@backoffice/federation';
import {
  HTML_TEMPLATE,
  pluginEmitJson,
  pluginFirstScreen,
  pluginPrecompress,
  workspaceAliases,
} from '@backoffice/federation/rsbuild';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const API_URL = process.env.BACKOFFICE_API_URL ?? 'http://localhost:8000';

export default defineConfig(({ envMode }) => {
  const isDev = envMode === 'development';
  // Dev declares the remotes at build time too (HMR); production learns them from remotes.json at boot.
  const buildTimeRemotes = isDev
    ? Object.fromEntries(
        Object.values(REMOTES).map((remote) => [
          remote.name,
          `${remote.name}@http://localhost:${remote.devPort}/mf-manifest.json`,
        ]),
      )
    : {};
  return {
    plugins: [
      pluginReact(),
      // The signed-in frame's lazy chunk (`webpackChunkName: "signed-in"` in src/routes/signed-in-route.tsx):
      // the server names its files in the page of every signed-in route.
      pluginFirstScreen((group) => group === 'signed-in'),
      pluginPrecompress(),
      pluginModuleFederation({
        name: SHELL_NAME,
        remotes: buildTimeRemotes,
        // 'version-first' would fetch every declared remote's entry at start: one remote down would
        // block the whole shell. The shell's own versions are loaded first and win anyway.
        shareStrategy: 'loaded-first',
        shared: createSharedConfig({ eager: isShellEager }),
        dts: false,
        // Read by the server, not the browser: which files provide each shared module, so a first
        // screen's page can name the ones its remote will ask for (see pluginFirstScreen).
        manifest: { fileName: 'mf-manifest.json' },
        experiments: {
          // The one federation runtime of the page: production remotes are built without their
          // own copy (externalRuntime) and use this one.
          provideExternalRuntime: true,
          // Production registers remote entries directly (see federation/remotes-json.ts), so the
          // manifest-reading snapshot code and Node's loading paths are left out of the runtime.
          optimization: isDev ? undefined : { disableSnapshot: true, target: 'web' },
        },
      }),
      pluginEmitJson('remotes.json', () => (isDev ? devRemotesJson() : productionRemotesJson())),
    ],
    // No async boundary: every shared module the first paint imports is eager in the shell (checked
    // by the federation tests), so the page starts without an extra round trip for a bootstrap chunk.
    source: { entry: { index: './src/bootstrap.tsx' } },
    resolve: { alias: workspaceAliases },
    html: {
      title: 'Back Office',
      template: HTML_TEMPLATE,
      favicon: './src/favicon.svg',
      // The registry downloads while the scripts do, instead of after them.
      tags: [{ tag: 'link', attrs: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: 'anonymous' } }],
    },
    output: { assetPrefix: '/', cleanDistPath: true },
    server: {
      port: SHELL_DEV_PORT,
      strictPort: true,
      historyApiFallback: true,
      proxy: { '/api': API_URL },
    },
  };
});
