import fs from 'node:fs';
import path from 'node:path';
import { federationName } from '@backoffice/contracts/remote-screens';
import { REMOTE_DECLARATION_FILE, workspaceRemotes } from '@backoffice/federation';
import {
  HTML_TEMPLATE,
  pluginPrecompress,
  pluginSourceMapsOnRequest,
  remoteDeclaration,
  workspaceAliases,
} from '@backoffice/federation/rsbuild';
import type { ExposedPage, RemoteDefinition } from '@backoffice/remote-contract';
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
const webRoot = path.join(here, 'web-root');

/**
 * The workspace's remotes, as declared: their pages become this build's lazy chunks (the module
 * `@bench/pages`), and their `remote.json` is laid in the web root, so the server gives this
 * build the very registry (routes, menu, first screens) the product gets.
 */
async function declaredPages(): Promise<string> {
  const remotes = await Promise.all(
    workspaceRemotes().map(async (remote) => ({
      remote,
      definition: ((await import(path.join(remote.dir, 'src/remote.ts'))) as { default: RemoteDefinition }).default,
    })),
  );
  for (const { remote, definition } of remotes) {
    const dist = path.join(webRoot, `remote-${remote.name}`, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, REMOTE_DECLARATION_FILE),
      JSON.stringify(remoteDeclaration(definition, remote.version)),
    );
  }
  const loaders = remotes.flatMap(({ remote, definition }) =>
    Object.entries<ExposedPage>(definition.exposes).map(([expose, page]) => {
      const id = `${federationName(remote.name)}/${expose}`;
      return `  ${JSON.stringify(id)}: () => import(${JSON.stringify(path.join(remote.dir, 'src', page.file))}),`;
    }),
  );
  return `export const pages = {\n${loaders.join('\n')}\n};\n`;
}
const PAGES_MODULE = path.join(here, 'node_modules/.virtual/bench-pages.ts');

export default defineConfig(async () => ({
  plugins: [pluginReact(), pluginSourceMapsOnRequest(), pluginPrecompress()],
  source: { entry: { index: path.join(repo, 'shell/src/bootstrap.tsx') } },
  // A bare name: rspack reads a `virtual:` scheme as a URI before any alias ("Unhandled scheme").
  resolve: { alias: { ...workspaceAliases, '@bench/pages': PAGES_MODULE } },
  html: { title: 'Back Office', template: HTML_TEMPLATE, favicon: path.join(repo, 'shell/src/favicon.svg') },
  output: {
    assetPrefix: '/',
    // The shell's folder only: the remotes' remote.json files beside it are written above.
    cleanDistPath: true,
    // Served as WEB_ROOT by the same server as the product (it looks for shell/dist).
    distPath: { root: path.join(webRoot, 'shell/dist') },
  },
  tools: {
    rspack: {
      plugins: [
        new rspack.experiments.VirtualModulesPlugin({ [PAGES_MODULE]: await declaredPages() }),
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
}));
