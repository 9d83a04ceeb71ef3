import type { RsbuildPlugin } from '@rsbuild/core';

/** V8's explicit compile hint (Chrome 136): the first line of a file whose functions all run while the page loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the files a first screen runs at once with COMPILE_HINT, so that V8 compiles their functions while the
 * file streams in, on a background thread, instead of each one on the main thread the first time it is called
 * (issue 26: the signed-in cold load is main-thread work, and lazy compilation is a part of it that can move;
 * docs/performance.md, 2026-11-29 23:13 UTC). `isHinted` picks chunks by a named chunk group they belong to (the
 * same test as the app's pluginFirstScreen);
 * a chunk that can start the page (the entry and the shared modules it provides at once) is always hinted.
 * Not every file: compiling a function that never runs is wasted work and memory. Added after minification
 * (which would drop the comment) and before the content hashes are worked out, so a file's name still says what
 * it holds. The file's source map, written before this stage, moves down the same line.
 */
export function pluginCompileHints(isHinted: (group: string) => boolean): RsbuildPlugin {
  return {
    name: 'backoffice:compile-hints',
    setup(api) {
      api.processAssets({ stage: 'optimize-inline' }, ({ compilation, sources }) => {
        for (const chunk of compilation.chunks) {
          const groups = [...chunk.groupsIterable].flatMap((group) => (group.name ? [group.name] : []));
          if (!chunk.canBeInitial() && !groups.some(isHinted)) continue;
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
            const map = `${file}.map`;
            if (compilation.getAsset(map))
              compilation.updateAsset(
                map,
                (source) => new sources.RawSource(shiftedOneLine(source.source().toString())),
              );
          }
        }
      });
    },
  };
}

/** A source map for the same file with one line more at its top: each `;` in `mappings` starts a line. */
function shiftedOneLine(sourceMap: string): string {
  const parsed = JSON.parse(sourceMap) as { mappings: string };
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}
