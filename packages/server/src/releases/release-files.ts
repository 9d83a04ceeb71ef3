import type { FileEntry, ReleaseRow, ReleasesRepository } from '../db/releases-repository.js';

/** A release with the index of its files, as serving needs it. Immutable, so cached without expiry. */
export interface LoadedRelease {
  id: string;
  remote: string;
  version: string;
  manifest: ReleaseRow['manifest'];
  files: ReadonlyMap<string, FileEntry>;
}

/** Bytes of file contents kept in memory; a release's files are asked for by every page that loads it. */
const DEFAULT_CONTENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Releases whose index is kept (a few hundred bytes per file). */
const MAX_CACHED_RELEASES = 500;

/**
 * Reads releases and their files from the store for serving. A stored release never changes, so
 * what was read once is kept: release indexes by (remote, version), file contents by release and
 * path in a least-recently-used cache bounded in bytes. Every instance reads the same store, so every
 * instance serves every version.
 */
export class ReleaseFiles {
  readonly #releases = new Map<string, LoadedRelease>();
  readonly #loading = new Map<string, Promise<LoadedRelease | undefined>>();
  readonly #contents = new Map<string, Buffer>();
  #contentBytes = 0;

  constructor(
    private readonly repository: ReleasesRepository,
    private readonly maxContentBytes = DEFAULT_CONTENT_CACHE_BYTES,
  ) {}

  /** The release, or undefined when it is not published (not remembered: it may be published in a moment). */
  async release(remote: string, version: string): Promise<LoadedRelease | undefined> {
    const key = `${remote}@${version}`;
    const cached = this.#releases.get(key);
    if (cached) {
      // Map order is insertion order: re-inserting marks it recently used.
      this.#releases.delete(key);
      this.#releases.set(key, cached);
      return cached;
    }
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = this.#load(remote, version).finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    return loading;
  }

  async #load(remote: string, version: string): Promise<LoadedRelease | undefined> {
    const row = await this.repository.findRelease(remote, version);
    if (!row) return undefined;
    const entries = await this.repository.fileIndex(row.id);
    const release: LoadedRelease = {
      id: row.id,
      remote: row.remote,
      version: row.version,
      manifest: row.manifest,
      files: new Map(entries.map((entry) => [entry.path, entry])),
    };
    this.#releases.set(`${remote}@${version}`, release);
    while (this.#releases.size > MAX_CACHED_RELEASES) {
      this.#releases.delete(this.#releases.keys().next().value as string);
    }
    return release;
  }

  /** The newest release of `remote` holding `path`: an older page's hashed file asked for without its version. */
  async releaseHolding(remote: string, path: string): Promise<LoadedRelease | undefined> {
    const found = await this.repository.releaseHolding(remote, path);
    return found ? this.release(remote, found.version) : undefined;
  }

  /** The release most recently made the stable one that holds `path` (see ReleasesRepository.lastStableHolding). */
  async lastStableHolding(remote: string, path: string): Promise<LoadedRelease | undefined> {
    const found = await this.repository.lastStableHolding(remote, path);
    return found ? this.release(remote, found.version) : undefined;
  }

  async content(release: LoadedRelease, path: string): Promise<Buffer | undefined> {
    const key = `${release.id}/${path}`;
    const cached = this.#contents.get(key);
    if (cached) {
      this.#contents.delete(key);
      this.#contents.set(key, cached);
      return cached;
    }
    const content = await this.repository.fileContent(release.id, path);
    if (content && content.length <= this.maxContentBytes / 8) {
      this.#contents.set(key, content);
      this.#contentBytes += content.length;
      for (const [oldest, buffer] of this.#contents) {
        if (this.#contentBytes <= this.maxContentBytes) break;
        this.#contents.delete(oldest);
        this.#contentBytes -= buffer.length;
      }
    }
    return content;
  }
}
