import { composeRegistry, federationName, type PageRegistry, REMOTE_CONTRACT_VERSION } from '@backoffice/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteOverride } from './remote-overrides.js';

/**
 * The registry a page gets: which remotes exist, where each one's entry is and which screens they
 * provide, composed from what a `RemoteSource` lists for this visitor. The shell builds its routes,
 * menu and titles from it, and the server names the first screen's files from it; neither names a remote.
 */

/** One build of a remote, as a source serves it. */
export interface RemoteRelease {
  name: string;
  version: string;
  /** Where its files are served, ending in `/` (`/remotes/<name>/`, or a versioned path or a CDN URL). */
  baseUrl: string;
  /** Its `remote.json` as stored, not yet validated (the registry validates it). */
  declaration: unknown;
  /** One of its files as text (`mf-manifest.json`, `first-screen.json`), or undefined when it has none. */
  readFile(file: string): Promise<string | undefined>;
}

/** Who a registry is for: the page's request (a source may answer per user, e.g. a canary), or nobody. */
export interface RegistryVisitor {
  readonly request?: FastifyRequest;
}

/** Where the releases come from: the release store (releases/remote-source.ts) or a folder of builds (workspace-remotes.ts). */
export interface RemoteSource {
  /** The build of each remote this visitor gets. */
  list(visitor: RegistryVisitor): Promise<readonly RemoteRelease[]>;
  /**
   * Answers `GET /remotes/<name>/<path>` with one of the source's files, with its caching; false (nothing
   * sent) when it has none. A source without it serves no files (its URLs point elsewhere, e.g. a CDN).
   */
  serveFile?(name: string, path: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export interface VisitorRegistry {
  registry: PageRegistry;
  /** The releases the registry lists, by remote name, for reading their files. */
  releases: ReadonlyMap<string, RemoteRelease>;
}

interface ManifestEntry {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

/** The URL of a release's `remoteEntry.js`, read from its manifest; its manifest's URL if it has no entry named. */
async function entryUrl(release: RemoteRelease): Promise<string> {
  const text = await release.readFile('mf-manifest.json');
  try {
    const entry = text ? (JSON.parse(text) as ManifestEntry).metaData?.remoteEntry : undefined;
    if (entry?.name) return `${release.baseUrl}${entry.path ?? ''}${entry.name}`;
  } catch {
    // An unreadable manifest: the shell reads it itself and fails that remote alone.
  }
  return `${release.baseUrl}mf-manifest.json`;
}

export class PageRegistryService {
  /** Problems are logged once each, not at every page load. */
  private readonly logged = new Set<string>();

  constructor(
    private readonly source: RemoteSource,
    private readonly warn: (problem: string) => void = () => {},
    private readonly shellContract: string = REMOTE_CONTRACT_VERSION,
  ) {}

  /** The registry for a visitor, with the developer's overrides this browser asked for (already checked). */
  async forVisitor(visitor: RegistryVisitor, overrides: readonly RemoteOverride[] = []): Promise<VisitorRegistry> {
    const releases = await this.source.list(visitor);
    const inputs = await Promise.all(
      releases.map(async (release) => ({
        name: release.name,
        version: release.version,
        entry: await entryUrl(release),
        declaration: release.declaration,
      })),
    );
    const { registry, problems } = composeRegistry(inputs, this.shellContract);
    for (const problem of problems) {
      if (this.logged.has(problem)) continue;
      this.logged.add(problem);
      this.warn(problem);
    }
    // An overridden remote is loaded from the developer's server; the shell reads its screens there.
    for (const override of overrides) {
      registry.remotes[federationName(override.name)] = { name: override.name, version: 'dev', entry: override.url };
    }
    registry.overrides = [...overrides];
    const listed = new Map(releases.map((release) => [release.name, release]));
    const inRegistry = new Set(Object.values(registry.remotes).map((remote) => remote.name));
    return {
      registry,
      releases: new Map([...listed].filter(([name]) => inRegistry.has(name))),
    };
  }
}
