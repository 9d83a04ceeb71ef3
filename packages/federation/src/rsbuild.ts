import fs from 'node:fs';
import path from 'node:path';
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
        // Before the precompression, which then compresses its file too.
        pluginFirstScreen((group) => group.startsWith(EXPOSE_CHUNK_GROUP_PREFIX)),
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

/** The chunk group Module Federation names after each expose, e.g. `__federation_expose_CompaniesPage`. */
export const EXPOSE_CHUNK_GROUP_PREFIX = '__federation_expose_';

/** What a first screen's chunk group loads: its files and the shared modules its code consumes. */
export interface FirstScreenGroup {
  js: string[];
  css: string[];
  shared: string[];
}

/** The file `pluginFirstScreen` writes next to a build. */
export const FIRST_SCREEN_FILE = 'first-screen.json';

/** `consume shared module (default) @chakra-ui/react/table@^3.37.0 (strict)` → `@chakra-ui/react/table`. */
const CONSUMED_SHARE_KEY = /^consume shared module \([^)]*\) (.+?)@[^@\s]*(?:\s|$)/;

interface StatsJson {
  chunks?: { id?: string | number; files?: string[]; modules?: { moduleType?: string; identifier?: string }[] }[];
  namedChunkGroups?: Record<string, { chunks?: (string | number)[] }>;
}

/**
 * After a production build, writes `first-screen.json`: for each chunk group a first screen loads (a
 * remote's exposes, the shell's signed-in frame), its files and the shared modules its chunks
 * consume as they load. The server names them in the page (packages/server, `first-screen.ts`), so
 * the browser fetches them with the shell's own files: without it, a shared module's file is asked
 * for only once the federation runtime has loaded the page's module, one round trip later.
 */
export function pluginFirstScreen(isFirstScreenGroup: (name: string) => boolean): RsbuildPlugin {
  return {
    name: 'backoffice:first-screen',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || 'stats' in stats) return;
        const json = stats.toJson({
          all: false,
          ids: true,
          chunks: true,
          chunkModules: true,
          dependentModules: true,
          chunkGroups: true,
        }) as StatsJson;
        fs.writeFileSync(
          path.join(api.context.distPath, FIRST_SCREEN_FILE),
          `${JSON.stringify(firstScreenGroups(json, isFirstScreenGroup), null, 2)}\n`,
        );
      });
    },
  };
}

export function firstScreenGroups(json: StatsJson, isFirstScreenGroup: (name: string) => boolean) {
  const chunks = new Map((json.chunks ?? []).map((chunk) => [String(chunk.id), chunk]));
  const groups: Record<string, FirstScreenGroup> = {};
  for (const [name, group] of Object.entries(json.namedChunkGroups ?? {})) {
    if (!isFirstScreenGroup(name)) continue;
    const js = new Set<string>();
    const css = new Set<string>();
    const shared = new Set<string>();
    for (const id of group.chunks ?? []) {
      const chunk = chunks.get(String(id));
      for (const file of chunk?.files ?? []) {
        if (file.endsWith('.js')) js.add(file);
        else if (file.endsWith('.css')) css.add(file);
      }
      for (const module of chunk?.modules ?? []) {
        const key = module.moduleType === 'consume-shared-module' && CONSUMED_SHARE_KEY.exec(module.identifier ?? '');
        if (key) shared.add(key[1] as string);
      }
    }
    groups[name] = { js: [...js].sort(), css: [...css].sort(), shared: [...shared].sort() };
  }
  return groups;
}
