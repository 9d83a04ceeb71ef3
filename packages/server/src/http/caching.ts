import path from 'node:path';

/**
 * How long browsers and CDNs may keep a built file (the shell's and the remotes'), one rule for every
 * way they are served: from a build folder or from the release store.
 */

/** Build output names carry a content hash (`index.45ed169ddb.js`): such a file never changes. */
export const HASHED_NAME = /\.[0-9a-f]{8,}\.(?:js|mjs|css|woff2?|svg|png|jpe?g|webp|map)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry points must be revalidated on every load, or a newly promoted version is not picked up. */
export const REVALIDATE = 'no-cache';
/**
 * The icon is asked for again on every navigation: without a lifetime each ask is a round trip
 * (and a file fetched twice). A day is enough for a changed icon to show.
 */
const ICON = /^favicon\.[a-z]+$/;
const A_DAY = 'public, max-age=86400';

/** `app.js.br` is served in place of `app.js`: its caching is the original file's. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

/** The caching of a built file whose URL may serve another build later (an unversioned URL). */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(PRECOMPRESSED, '');
  if (HASHED_NAME.test(name)) return IMMUTABLE;
  return ICON.test(name) ? A_DAY : REVALIDATE;
}
