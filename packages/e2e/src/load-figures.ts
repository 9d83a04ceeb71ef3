import { gzipSync } from 'node:zlib';
import type { NetworkLog } from './network-log.js';

const gzipSizes = new Map<string, Promise<number>>();

/** Gzip size (level 9) of a file's plain content: comparable whatever encoding the server chose. */
export function gzipSizeOf(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (!size) {
    size = fetch(url, { headers: { 'accept-encoding': 'identity' } })
      .then((r) => r.arrayBuffer())
      .then((body) => gzipSync(Buffer.from(body), { level: 9 }).length);
    gzipSizes.set(url, size);
  }
  return size;
}

/** A JavaScript file, by its resource type or its name. */
export const isScript = (url: string, type: string) => type === 'Script' || /\.m?js(\?|$)/.test(url);

/** What a page load or a navigation cost, as the budgets count it. */
export interface LoadFigures {
  /** Gzip size of the JavaScript files fetched (each counted once). */
  jsGzipBytes: number;
  jsFiles: number;
  wireBytes: number;
  /** Extra fetches of a URL already fetched. */
  duplicates: number;
  /** Deepest request chain among the files loaded (the document is 1). */
  depth: number;
  /** Deepest request chain among the JavaScript files alone (an API call from a script is one deeper). */
  scriptDepth: number;
  readyMs: number;
}

/** What the page fetched after `since` (a mark of the log) and no later than `untilWallMs`. */
export async function loadFigures(
  log: NetworkLog,
  readyMs: number,
  since = 0,
  untilWallMs = Number.POSITIVE_INFINITY,
): Promise<LoadFigures> {
  const fetched = log.fromNetwork(since, untilWallMs).filter((r) => !r.failed);
  const scripts = [...new Set(fetched.filter((r) => isScript(r.url, r.type)).map((r) => r.url))];
  const sizes = await Promise.all(scripts.map(gzipSizeOf));
  const loads = fetched.filter((r) => !r.isHint);
  return {
    jsGzipBytes: sizes.reduce((a, b) => a + b, 0),
    jsFiles: scripts.length,
    wireBytes: fetched.reduce((sum, r) => sum + r.wireBytes, 0),
    duplicates: log.duplicates(since, untilWallMs).reduce((sum, d) => sum + d.count - 1, 0),
    depth: Math.max(0, ...loads.map((r) => log.depthOf(r))),
    scriptDepth: Math.max(0, ...loads.filter((r) => isScript(r.url, r.type)).map((r) => log.depthOf(r))),
    readyMs,
  };
}
