import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTES, type RemoteKey } from './remotes.js';
import { createSharedConfig } from './shared.js';

/**
 * Bundle `@backoffice/contracts` from its TypeScript source (its package entry is the Node build in
 * `dist/`), so an app builds or runs in dev without building the contracts first.
 */
export const workspaceAliases = {
  '@backoffice/contracts$': fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url)),
};

/** The page template of every app: Portuguese document language, one `#root`. */
export const HTML_TEMPLATE = fileURLToPath(new URL('../template.html', import.meta.url));

/** `<base href="/">` so a remote's standalone page resolves its routes from the site root. */
const BASE_HREF_TAG = { tag: 'base', attrs: { href: '/' }, head: true, append: false } as const;

/** A remote's build: async boundary in `src/index.ts`, `assetPrefix: 'auto'` so it works from any sub-path. */
export function createRemoteConfig(key: RemoteKey, options: { title: string }): RsbuildConfig {
  const remote = REMOTES[key];
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: remote.name,
        filename: 'remoteEntry.js',
        exposes: { ...remote.exposes },
        shared: createSharedConfig(),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: { alias: workspaceAliases },
    html: { title: options.title, template: HTML_TEMPLATE, tags: [BASE_HREF_TAG] },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    dev: { assetPrefix: 'auto' },
    server: {
      port: remote.devPort,
      strictPort: true,
      historyApiFallback: true,
      cors: true,
      // Standalone dev talks to the API on its usual port.
      proxy: { '/api': process.env.BACKOFFICE_API_URL ?? 'http://localhost:8000' },
    },
  });
}

/** Emits a JSON file into the build output (e.g. the shell's `remotes.json`). */
export function pluginEmitJson(fileName: string, content: () => unknown): RsbuildPlugin {
  return {
    name: `backoffice:emit-${fileName}`,
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ sources, compilation }) => {
        compilation.emitAsset(fileName, new sources.RawSource(`${JSON.stringify(content(), null, 2)}\n`));
      });
    },
  };
}
