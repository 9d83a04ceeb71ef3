import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  composeRegistry,
  isFramedScreen,
  REMOTE_CONTRACT_VERSION,
  type RemoteDeclaration,
  type ShellDeclaration,
} from '@backoffice/contracts/remote-screens';
import { declaredScreens, type ExposedPage, federationName, type RemoteDefinition } from '@backoffice/remote-contract';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RequestHandler, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginCompileHints } from './compile-hints.js';
import { precompressDir } from './precompress.js';
import { pluginPrerender } from './prerender.js';

export { pluginCompileHints, pluginPrerender };

import {
  MANIFEST_FILE,
  REMOTE_DECLARATION_FILE,
  readRemotePackage,
  SHELL_DECLARATION_FILE,
  type WorkspaceRemote,
} from './remotes.js';
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
 * A remote's whole build, from its declaration (`src/remote.ts`) and its package.json (version, dev
 * port): async boundary in `src/index.ts`, `assetPrefix: 'auto'` so it works from any sub-path.
 * Production builds are the federated container only: they use the host's federation runtime
 * (`externalRuntime`, the shell provides it) instead of shipping their own copy in every
 * `remoteEntry.js`, so they have no standalone page; `dev` is the standalone run for the team.
 * Every build writes `remote.json` (see pluginRemoteDeclaration).
 */
export function createRemoteConfig(remote: RemoteDefinition, options: RemoteConfigOptions = {}) {
  const pkg = readRemotePackage(options.root ?? process.cwd());
  if (pkg.name !== remote.name) {
    throw new Error(`${pkg.dir}: the folder says remote "${pkg.name}", src/remote.ts says "${remote.name}"`);
  }
  return defineConfig(({ envMode }): RsbuildConfig => {
    const production = envMode === 'production';
    return {
      plugins: [
        pluginReact(),
        // Before the precompression, which then compresses their files too.
        pluginFirstScreen(isExposeGroup),
        // A page's own files run as it renders.
        pluginCompileHints(isExposeGroup),
        pluginRemoteDeclaration(remote, pkg.version),
        ...(production && firstPaintScreens(remote).length > 0
          ? [
              pluginPrerender(
                { code: (root) => remotePrerenderEntry(remote, root, options.prerenderAt) },
                workspaceAliases,
              ),
            ]
          : []),
        pluginSourceMapsOnRequest(),
        pluginPrecompress(),
        pluginModuleFederation({
          name: federationName(remote.name),
          filename: 'remoteEntry.js',
          exposes: Object.fromEntries(
            Object.entries<ExposedPage>(remote.exposes).map(([name, page]) => [`./${name}`, srcFile(page.file)]),
          ),
          shared: createSharedConfig({ hostProvided: production }),
          dts: false,
          manifest: { fileName: MANIFEST_FILE },
          experiments: production
            ? { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } }
            : {},
        }),
      ],
      source: { entry: { index: './src/index.ts' } },
      resolve: { alias: workspaceAliases },
      html: { title: standaloneTitle(remote), template: HTML_TEMPLATE, tags: [BASE_HREF_TAG] },
      output: {
        assetPrefix: 'auto',
        // The dev server never touches `dist`: a production build there may be what the API server
        // is serving right now, and emptying it would take the area down for everyone.
        distPath: { root: production ? 'dist' : DEV_DIST_PATH },
        cleanDistPath: production,
      },
      dev: { assetPrefix: 'auto' },
      tools: production ? { htmlPlugin: false } : {},
      server: {
        port: pkg.devPort,
        strictPort: true,
        historyApiFallback: true,
        // The product's page loads this dev server's files when a developer overrides the remote.
        cors: true,
        // Standalone dev talks to the API on its usual port.
        proxy: { '/api': process.env.BACKOFFICE_API_URL ?? 'http://localhost:8000' },
      },
    };
  });
}

export interface RemoteConfigOptions {
  root?: string;
  /**
   * The URL a first-paint screen is prerendered at, by expose, when its path alone would not show what
   * its visitors see (the reset page shows its form for a link's `?token=`).
   */
  prerenderAt?: Record<string, string>;
}

/**
 * The screens whose first paint the remote's build prerenders: the public ones whole, and the page inside
 * the signed-in frame of those at a fixed path (one with a `:param` shows a record the build cannot know;
 * the shell's title row and skeleton stand in). `anyone` screens act on a link as they open: none.
 */
export function firstPaintScreens(remote: RemoteDefinition) {
  return declaredScreens(remote).filter(
    (screen) => screen.access === 'public' || (isFramedScreen(screen) && !screen.path.includes(':')),
  );
}

/** The prerender step's entry of a remote (see pluginPrerender): every first-paint screen, by its expose. */
export function remotePrerenderEntry(remote: RemoteDefinition, root: string, at: Record<string, string> = {}): string {
  const screens = firstPaintScreens(remote);
  const imports = screens.map((screen, index) => {
    const page = (remote.exposes as Record<string, ExposedPage>)[screen.expose];
    if (!page) throw new Error(`${remote.name}: screen ${screen.path} names no expose "${screen.expose}"`);
    return `import Page${index} from ${JSON.stringify(path.join(root, 'src', page.file))};`;
  });
  const list = screens.map(
    (screen, index) =>
      `{ name: ${JSON.stringify(screen.expose)}, path: ${JSON.stringify(at[screen.expose] ?? screen.path)}, Page: Page${index} }`,
  );
  return [
    `import { prerenderScreens } from '@backoffice/ui/prerender';`,
    ...imports,
    `export default function render() { return prerenderScreens([${list.join(', ')}]); }`,
    '',
  ].join('\n');
}

/** Where `rsbuild dev` would write (it serves from memory): never the production `dist`. */
export const DEV_DIST_PATH = 'dist-dev';

/** An expose's file, given relative to `src/` in the declaration, as the bundler wants it. */
function srcFile(file: string): string {
  return `./${path.posix.join('src', file)}`;
}

/** The standalone page's title: the area's menu entry, else its first screen. */
function standaloneTitle(remote: RemoteDefinition): string {
  const screen = remote.screens.find((s) => s.menu) ?? remote.screens[0];
  return screen?.menu?.label ?? screen?.title ?? remote.name;
}

interface MfManifest {
  exposes?: { name?: string }[];
  shared?: { name?: string; version?: string; requiredVersion?: string }[];
}

/**
 * Writes `remote.json` into the build (production and the dev server alike): the remote's name, its
 * package version, the contract it was built against, its screens, and — from the Module Federation
 * manifest of the same build — the modules it exposes and the shared modules it requires with their
 * version ranges. The server reads nothing else to put the remote's screens in the registry, and a
 * release store can check it against what the shell provides before anyone gets it.
 */
export function pluginRemoteDeclaration(remote: RemoteDefinition, version: string): RsbuildPlugin {
  return pluginManifestDeclaration('backoffice:remote-declaration', REMOTE_DECLARATION_FILE, (manifest) =>
    remoteDeclaration(remote, version, manifest),
  );
}

/** A plugin that writes `file`, a JSON declaration read from the build's Module Federation manifest. */
function pluginManifestDeclaration(
  name: string,
  file: string,
  declare: (manifest: MfManifest | undefined) => RemoteDeclaration | ShellDeclaration,
): RsbuildPlugin {
  return {
    name,
    setup(api) {
      // After every other asset, the manifest included.
      api.processAssets({ stage: 'report' }, ({ sources, compilation }) => {
        const asset = compilation.getAsset(MANIFEST_FILE);
        const manifest = asset ? (JSON.parse(asset.source.source().toString()) as MfManifest) : undefined;
        compilation.emitAsset(file, new sources.RawSource(`${JSON.stringify(declare(manifest), null, 2)}\n`));
      });
    },
  };
}

export function remoteDeclaration(remote: RemoteDefinition, version: string, manifest?: MfManifest): RemoteDeclaration {
  const exposes = manifest?.exposes
    ? manifest.exposes.flatMap((e) => (e.name ? [e.name] : []))
    : Object.keys(remote.exposes);
  const shared = Object.fromEntries(
    (manifest?.shared ?? [])
      .flatMap((s) => (s.name ? [[s.name, s.requiredVersion || s.version || '*'] as const] : []))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    name: remote.name,
    version,
    contract: REMOTE_CONTRACT_VERSION,
    screens: declaredScreens(remote),
    exposes: exposes.sort(),
    shared,
  };
}

/**
 * Writes `shell.json` into the shell's build: the contract it speaks and, from its Module Federation
 * manifest, each shared module it provides with the version it provides. What a remote requires is
 * checked against it (a release store's compatibility gate).
 */
export function pluginShellDeclaration(version: string): RsbuildPlugin {
  return pluginManifestDeclaration('backoffice:shell-declaration', SHELL_DECLARATION_FILE, (manifest) =>
    shellDeclaration(version, manifest),
  );
}

function shellDeclaration(version: string, manifest?: MfManifest): ShellDeclaration {
  const shared = Object.fromEntries(
    (manifest?.shared ?? [])
      .flatMap((s) => (s.name && s.version ? [[s.name, s.version] as const] : []))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { version, contract: REMOTE_CONTRACT_VERSION, shared };
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

/**
 * `BUILD_SOURCE_MAPS=1`: the build also writes source maps, so a CPU profile of the production build
 * names the modules and functions its time went to (`bench:web --profile`). Off by default: users never
 * download them, and the bundles stay the ones measured.
 */
export function pluginSourceMapsOnRequest(): RsbuildPlugin {
  return {
    name: 'backoffice:source-maps-on-request',
    setup(api) {
      if (process.env.BUILD_SOURCE_MAPS !== '1') return;
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
        mergeRsbuildConfig(config, { output: { sourceMap: { js: 'source-map' } } }),
      );
    },
  };
}

/** The chunk group Module Federation names after each expose, e.g. `__federation_expose_CompaniesPage`. */
export const EXPOSE_CHUNK_GROUP_PREFIX = '__federation_expose_';

/** A remote's first screens are its exposes: their chunk groups. */
const isExposeGroup = (group: string) => group.startsWith(EXPOSE_CHUNK_GROUP_PREFIX);

/** What a first screen's chunk group loads: its files and the shared modules its code consumes. */
export interface FirstScreenGroup {
  js: string[];
  css: string[];
  shared: string[];
}

/**
 * A script of the page's head that is not part of the app (the shell's `@backoffice/api-client/head/early-data.js`):
 * emitted as it is (the build's minifier then takes it like every script) as `static/js/head.<hash>.js`,
 * hashed so browsers keep it a year. `file` is its name in the build, for `pluginFirstScreen`'s extra groups:
 * the server names it in the pages that need it, first among their scripts.
 */
export function pluginHeadScript(source: string): RsbuildPlugin & { file: string } {
  const code = fs.readFileSync(source, 'utf8');
  const file = `static/js/head.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'backoffice:head-script',
    file,
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(file, new sources.RawSource(code));
      });
    },
  };
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
export function pluginFirstScreen(
  isFirstScreenGroup: (name: string) => boolean,
  /** Groups of files the bundler does not know as chunks (a `pluginHeadScript` file). */
  extraGroups: Record<string, Partial<FirstScreenGroup>> = {},
): RsbuildPlugin {
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
          `${JSON.stringify({ ...firstScreenGroups(json, isFirstScreenGroup), ...extraGroups }, null, 2)}\n`,
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

/**
 * `/remotes.json` of the shell's dev server (`pnpm dev`): the registry composed, as the API server
 * does, from the `remote.json` each workspace remote's dev server serves. A remote whose dev server is
 * not running is left out (its screens are "not found" until it runs).
 */
export function devRegistryMiddleware(remotes: readonly WorkspaceRemote[]): RequestHandler {
  return (request, response, next) => {
    if (request.url?.split('?')[0] !== '/remotes.json') return next();
    void Promise.all(
      remotes.map(async (remote) => {
        const origin = `http://localhost:${remote.devPort}`;
        try {
          const answer = await fetch(`${origin}/${REMOTE_DECLARATION_FILE}`, { signal: AbortSignal.timeout(2000) });
          if (!answer.ok) return [];
          return [
            {
              name: remote.name,
              version: remote.version,
              entry: `${origin}/remoteEntry.js`,
              declaration: await answer.json(),
            },
          ];
        } catch {
          return [];
        }
      }),
    ).then((found) => {
      const { registry, problems } = composeRegistry(found.flat());
      for (const problem of problems) console.warn(`[remotes.json] ${problem}`);
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Cache-Control', 'no-cache');
      response.end(JSON.stringify(registry));
    });
  };
}
