import { readRuntimeConfig } from '@backoffice/api-client';

export type RemotesMap = Record<string, string>;

function isRemotesMap(value: unknown): value is RemotesMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string' && entry.length > 0)
  );
}

/**
 * Where each remote lives, read at start: inline in the page (`window.__BACKOFFICE_CONFIG__.remotes`,
 * written by the server at serve time) or `/remotes.json` next to index.html (served `no-cache`).
 * Relative URLs are resolved against the page, so `/remotes/auth/mf-manifest.json` works on any origin.
 */
export async function readRemotesMap(fetchImpl: typeof fetch = fetch): Promise<RemotesMap> {
  const inline = readRuntimeConfig().remotes;
  let map: RemotesMap;
  if (inline && isRemotesMap(inline)) {
    map = inline;
  } else {
    // The server sends it with `Cache-Control: no-cache`; the default cache mode lets the page's
    // `<link rel="preload">` of the same URL answer this request.
    const response = await fetchImpl(new URL('/remotes.json', document.baseURI));
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRemotesMap(body)) throw new Error('remotes.json is not a map of remote name to URL');
    map = body;
  }
  return Object.fromEntries(
    Object.entries(map).map(([name, url]) => [name, new URL(url, document.baseURI).toString()]),
  );
}

interface ManifestEntryInfo {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
}

const isManifestUrl = (url: string) => /\.json(?:[?#]|$)/.test(url);

/**
 * The `remoteEntry.js` a registry URL stands for. A registry may name the entry itself (the server
 * writes those into the page) or the remote's `mf-manifest.json` (a plain `remotes.json` on a CDN),
 * which is read here for the entry's file name: the federation runtime in production carries no
 * manifest support of its own (`disableSnapshot`), which keeps it small.
 */
export async function resolveRemoteEntry(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  if (!isManifestUrl(url)) return url;
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = (await response.json()) as ManifestEntryInfo;
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error(`${url} names no remote entry`);
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, url) : new URL('.', url);
  return new URL(`${entry.path ?? ''}${entry.name}`, base).toString();
}
