import { RELEASE_NAME_PATTERN, RELEASE_VERSION_PATTERN } from '@backoffice/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HASHED_NAME, IMMUTABLE, REVALIDATE } from '../http/caching.js';
import type { RegistryVisitor, RemoteRelease, RemoteSource } from '../services/page-registry.js';
import { audienceOf, versionFor } from './audience.js';
import { SHELL } from './build-manifest.js';
import type { ChannelsCache } from './channels-cache.js';
import type { LoadedRelease, ReleaseFiles } from './release-files.js';
import { sendReleaseFile } from './serve.js';

/**
 * The remotes as the release store has them: for each remote, the version this visitor gets (its
 * canary when drawn or named, else the promoted one), served from `/remotes/<name>/<version>/`. Every
 * stored version stays served there (cached for a year: a version never changes), so a page opened
 * before a promotion keeps loading its own chunks.
 */
export class ReleasesRemoteSource implements RemoteSource {
  constructor(
    private readonly files: ReleaseFiles,
    private readonly channels: ChannelsCache,
  ) {}

  async list(visitor: RegistryVisitor): Promise<RemoteRelease[]> {
    const audience = visitor.request ? audienceOf(visitor.request) : undefined;
    const releases = await Promise.all(
      [...(await this.channels.all()).values()].map(async (channel) => {
        if (channel.remote === SHELL) return undefined;
        const version = versionFor(channel, audience);
        const release = version ? await this.files.release(channel.remote, version) : undefined;
        return release ? this.#asRemoteRelease(release) : undefined;
      }),
    );
    return releases.filter((release) => release !== undefined);
  }

  #asRemoteRelease(release: LoadedRelease): RemoteRelease {
    return {
      name: release.remote,
      version: release.version,
      baseUrl: `/remotes/${release.remote}/${release.version}/`,
      declaration: release.manifest.declaration,
      readFile: async (file) => (await this.files.content(release, file))?.toString('utf8'),
    };
  }

  /**
   * `/remotes/<name>/<version>/<path>`: that version's file, immutable. `/remotes/<name>/<path>` (no
   * version: the companies embed's stable URL `embed/v1/embed.js`, a page that still has an older
   * registry): the file of the version this browser gets, revalidated on every load. A file that
   * version lacks comes, for a hashed name, from the newest release holding it (an open page's chunk),
   * and otherwise from the release most recently promoted that held it: a stable URL of a major the
   * current version no longer ships (`embed/v1/` beside a new `embed/v2/`) keeps serving that major.
   */
  async serveFile(name: string, path: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!RELEASE_NAME_PATTERN.test(name) || name === SHELL) return false;
    const slash = path.indexOf('/');
    const first = slash < 0 ? path : path.slice(0, slash);
    if (slash > 0 && RELEASE_VERSION_PATTERN.test(first)) {
      const release = await this.files.release(name, first);
      if (release) return sendReleaseFile(this.files, release, path.slice(slash + 1), request, reply, IMMUTABLE);
    }
    const channel = await this.channels.get(name);
    const version = channel && versionFor(channel, audienceOf(request));
    const current = version ? await this.files.release(name, version) : undefined;
    const hashed = HASHED_NAME.test(path);
    if (
      current &&
      (await sendReleaseFile(this.files, current, path, request, reply, hashed ? IMMUTABLE : REVALIDATE))
    ) {
      return true;
    }
    const holding = hashed
      ? await this.files.releaseHolding(name, path)
      : await this.files.lastStableHolding(name, path);
    return holding
      ? sendReleaseFile(this.files, holding, path, request, reply, hashed ? IMMUTABLE : REVALIDATE)
      : false;
  }
}
