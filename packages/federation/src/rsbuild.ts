import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { precompressDir } from './precompress.js';
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

/**
 * A remote's build: async boundary in `src/index.ts`, `assetPrefix: 'auto'` so it works from any
 * sub-path. Production builds are the federated container only: they use the host's federation
 * runtime (`externalRuntime`, the shell provides it) instead of shipping their own copy in every
 * `remoteEntry.js`, so they have no standalone page; `dev` is the standalone run for the team.
 */
export function createRemoteConfig(key: RemoteKey, options: { title: string }) {
  const remote = REMOTES[key];
  return defineConfig(({ envMode }): RsbuildConfig => {
    const production = envMode === 'production';
    return {
      plugins: [
        pluginReact(),
        pluginPrecompress(),
        pluginModuleFederation({
          name: remote.name,
          filename: 'remoteEntry.js',
          exposes: { ...remote.exposes },
          shared: createSharedConfig({ hostProvided: production }),
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
          experiments: production
            ? { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } }
            : {},
        }),
      ],
      source: { entry: { index: './src/index.ts' } },
      resolve: { alias: workspaceAliases },
      html: { title: options.title, template: HTML_TEMPLATE, tags: [BASE_HREF_TAG] },
      output: { assetPrefix: 'auto', cleanDistPath: true },
      dev: { assetPrefix: 'auto' },
      tools: production ? { htmlPlugin: false } : {},
      server: {
        port: remote.devPort,
        strictPort: true,
        historyApiFallback: true,
        cors: true,
        // Standalone dev talks to the API on its usual port.
        proxy: { '/api': process.env.BACKOFFICE_API_URL ?? 'http://localhost:8000' },
      },
    };
  });
}

/**
 * After a production build, writes brotli and gzip copies next to every text file of the output
 * (`app.js.br`, `app.js.gz`): the server, or a CDN, sends them as they are, so a visitor gets
 * compressed files and no request spends CPU on compression. Every app's build uses it.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'backoffice:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        const count = await precompressDir(api.context.distPath);
        api.logger.info(`precompressed ${count} files (brotli, gzip) in ${api.context.distPath}`);
      });
    },
  };
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
