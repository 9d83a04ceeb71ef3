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
