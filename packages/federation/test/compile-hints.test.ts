import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, pluginCompileHints } from '../src/compile-hints.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A production build of a two-line entry, with source maps, hinted or not. */
async function build(hinted: boolean) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  fs.mkdirSync(path.join(dir, 'src'));
  const entry = ["document.title = 'primeira linha';", "document.body.dataset.marca = 'segunda linha';", ''].join('\n');
  fs.writeFileSync(path.join(dir, 'src/index.js'), entry);
  const rsbuild = await createRsbuild({
    cwd: dir,
    rsbuildConfig: {
      mode: 'production',
      plugins: hinted ? [pluginCompileHints(() => false)] : [],
      source: { entry: { index: './src/index.js' } },
      output: { sourceMap: { js: 'source-map' }, filenameHash: false },
      tools: { htmlPlugin: false },
      logLevel: 'error',
    },
  });
  await rsbuild.build();
  const file = path.join(dir, 'dist/static/js/index.js');
  return { code: fs.readFileSync(file, 'utf8'), map: JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) };
}

/** The line of the entry's source that the built file's `text` comes from (1-based). */
function sourceLineOf(code: string, map: object, text: string): number | undefined {
  const lines = code.split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  const entry = new SourceMap(map as never).findEntry(line, (lines[line] as string).indexOf(text));
  return 'originalLine' in entry ? entry.originalLine + 1 : undefined;
}

describe('pluginCompileHints', () => {
  it('puts the hint on an entry’s first line and keeps its source map pointing at the right lines', async () => {
    const plain = await build(false);
    expect(plain.code.startsWith(COMPILE_HINT)).toBe(false);
    expect(sourceLineOf(plain.code, plain.map, 'segunda linha')).toBe(2);

    const hinted = await build(true);
    expect(hinted.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(sourceLineOf(hinted.code, hinted.map, 'primeira linha')).toBe(1);
    expect(sourceLineOf(hinted.code, hinted.map, 'segunda linha')).toBe(2);
  }, 60_000);
});
