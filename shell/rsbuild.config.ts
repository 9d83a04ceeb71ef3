import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { federationName } from '@backoffice/contracts/remote-screens';
import {
  createSharedConfig,
  isShellEager,
  MANIFEST_FILE,
  SHELL_DEV_PORT,
  SHELL_NAME,
  workspaceRemotes,
} from '@backoffice/federation';
import {
  devRegistryMiddleware,
  HTML_TEMPLATE,
  pluginCompileHints,
  pluginFirstScreen,
  pluginHeadScript,
  pluginPrecompress,
  pluginPrerender,
  pluginShellDeclaration,
  pluginSourceMapsOnRequest,
  workspaceAliases,
} from '@backoffice/federation/rsbuild';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const API_URL = process.env.BACKOFFICE_API_URL ?? 'http://localhost:8000';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const earlyData = pluginHeadScript(createRequire(import.meta.url).resolve('@backoffice/api-client/head/early-data.js'));
const firstPaint = pluginHeadScript(fileURLToPath(new URL('./head/first-paint.js', import.meta.url)));

/** The signed-in frame's lazy chunk group (`webpackChunkName: "signed-in"` in src/routes/signed-in-route.tsx). */
const isSignedInFrame = (group: string) => group === 'signed-in';

export default defineConfig(({ envMode }) => {
  const isDev = envMode === 'development';
  // The shell names no remote. Production learns them, and their screens, from the registry at boot;
  // dev also declares the workspace's remotes (their dev servers) at build time, for HMR.
  const devRemotes = isDev ? workspaceRemotes() : [];
  const buildTimeRemotes = Object.fromEntries(
    devRemotes.map((remote) => [
      federationName(remote.name),
      `${federationName(remote.name)}@http://localhost:${remote.devPort}/${MANIFEST_FILE}`,
    ]),
  );
  return {
    plugins: [
      pluginReact(),
      // The signed-in frame's lazy chunk (`webpackChunkName: "signed-in"` in src/routes/signed-in-route.tsx):
      // the server names its files in the page of every signed-in route.
      // And the head script of those pages (group `early-data`), which asks for the current user and the
      // first screen's data as soon as the page is parsed (api-client's early-data.ts).
      // And the first paint's head script of every page (group `first-paint`), which picks the prerendered
      // variant before the body is parsed (src/first-paint/).
      pluginFirstScreen(isSignedInFrame, {
        'early-data': { js: [earlyData.file] },
        'first-paint': { js: [firstPaint.file] },
      }),
      earlyData,
      firstPaint,
      // The entry, the shared modules it provides at once and the signed-in frame all run on a cold load.
      pluginCompileHints(isSignedInFrame),
      // The first-paint pages (src/first-paint/prerender.tsx), rendered in Node after the build.
      ...(isDev ? [] : [pluginPrerender({ file: './src/first-paint/prerender.tsx' }, workspaceAliases)]),
      pluginSourceMapsOnRequest(),
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
        manifest: { fileName: MANIFEST_FILE },
        experiments: {
          // The one federation runtime of the page: production remotes are built without their
          // own copy (externalRuntime) and use this one.
          provideExternalRuntime: true,
          // Production registers remote entries directly (see federation/remotes-json.ts), so the
          // manifest-reading snapshot code and Node's loading paths are left out of the runtime.
          optimization: isDev ? undefined : { disableSnapshot: true, target: 'web' },
        },
      }),
      // What it provides (contract, shared modules and versions), for a release store's compatibility gate.
      pluginShellDeclaration(version),
    ],
    // No async boundary: every shared module the first paint imports is eager in the shell (checked
    // by the federation tests), so the page starts without an extra round trip for a bootstrap chunk.
    // The entry imports the app in the same chunk, evaluated after the first frame (src/index.ts).
    source: { entry: { index: './src/index.ts' } },
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
    // The registry of `pnpm dev`: each remote's screens from its own dev server.
    dev: { setupMiddlewares: [(middlewares) => middlewares.unshift(devRegistryMiddleware(devRemotes))] },
  };
});
