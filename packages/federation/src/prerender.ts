import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDER_FILE, type PrerenderOutput } from '@backoffice/contracts/first-paint';
import { createRsbuild, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Where the Node bundle of the prerender step goes: out of `dist`, never served or published. */
const PRERENDER_BUILD_DIR = 'node_modules/.cache/backoffice-prerender';

/**
 * After a production build, renders the app's first-paint pages in Node and writes `prerender.json`
 * into the build. `entry` is a module (a file, or source code written next to the bundle) whose default
 * export returns the `PrerenderOutput`; it is bundled for Node with the app's own aliases, so it renders
 * the very components the browser runs.
 */
export function pluginPrerender(
  entry: { file: string } | { code: (root: string) => string },
  alias: Record<string, string> = {},
): RsbuildPlugin {
  return {
    name: 'backoffice:prerender',
    setup(api) {
      api.onAfterBuild(async () => {
        const root = api.context.rootPath;
        // The app's compile-time constants: its code reads them in Node as in the browser.
        const { define } = api.getNormalizedConfig().source;
        const outDir = path.join(root, PRERENDER_BUILD_DIR);
        fs.rmSync(outDir, { recursive: true, force: true });
        fs.mkdirSync(outDir, { recursive: true });
        let entryFile: string;
        if ('file' in entry) entryFile = path.resolve(root, entry.file);
        else {
          entryFile = path.join(outDir, 'entry.tsx');
          fs.writeFileSync(entryFile, entry.code(root));
        }
        const rsbuild = await createRsbuild({
          cwd: root,
          config: {
            plugins: [pluginReact()],
            source: { entry: { prerender: entryFile }, define },
            resolve: { alias },
            output: {
              target: 'node',
              distPath: { root: path.join(outDir, 'dist') },
              cleanDistPath: true,
              minify: false,
              sourceMap: false,
            },
            performance: { printFileSize: false },
            logLevel: 'warn',
          },
        });
        await rsbuild.build();
        const bundle = path.join(outDir, 'dist', 'prerender.js');
        const loaded = (await import(pathToFileURL(bundle).href)) as {
          default?: (() => PrerenderOutput) | { default?: () => PrerenderOutput };
        };
        const render = typeof loaded.default === 'function' ? loaded.default : loaded.default?.default;
        if (!render) throw new Error(`${bundle}: the prerender entry exports no default function`);
        const output = render();
        fs.writeFileSync(path.join(api.context.distPath, PRERENDER_FILE), JSON.stringify(output));
        api.logger.info(`prerendered ${Object.keys(output.pages).join(', ')}`);
      });
    },
  };
}
