import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files a browser fetches: scripts, styles, pages, manifests, icons. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;

/** The encodings written next to each file, as a web server or CDN looks for them (`app.js.br`). */
export const PRECOMPRESSED_EXTENSIONS = { br: '.br', gzip: '.gz' } as const;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function isUpToDate(source: string, target: string): Promise<boolean> {
  try {
    const [s, t] = await Promise.all([fs.stat(source), fs.stat(target)]);
    return t.mtimeMs >= s.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every compressible file
 * under `dir` that lacks an up-to-date pair, so the server sends compressed bytes without spending
 * CPU per request. A compressed copy that would not be smaller is not written (the file is then
 * served as it is). Returns how many files were compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        const brFile = file + PRECOMPRESSED_EXTENSIONS.br;
        const gzFile = file + PRECOMPRESSED_EXTENSIONS.gzip;
        if ((await isUpToDate(file, brFile)) && (await isUpToDate(file, gzFile))) return;
        const content = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        for (const [target, bytes] of [
          [brFile, br],
          [gzFile, gz],
        ] as const) {
          if (bytes.length < content.length) await fs.writeFile(target, bytes);
          else await fs.rm(target, { force: true });
        }
      })(),
    );
  }
  await Promise.all(work);
  return work.length;
}
