import type { FastifyRequest } from 'fastify';
import { cacheControlFor, HASHED_NAME } from '../http/caching.js';
import type { ShellBuild, ShellSource } from '../services/shell-source.js';
import { audienceOf, versionFor } from './audience.js';
import { SHELL } from './build-manifest.js';
import type { ChannelsCache } from './channels-cache.js';
import type { ReleaseFiles } from './release-files.js';
import { sendReleaseFile } from './serve.js';

/**
 * The shell as the release store has it: the version this visitor gets of the remote `shell`, served
 * at the site's root as its build expects (`/static/js/…`). A hashed file the version lacks is looked
 * for in the other shell releases, so a page opened before a promotion keeps loading its chunks.
 * While no shell release is promoted, the build on disk (`fallback`) is served.
 */
export class ReleasesShellSource implements ShellSource {
  constructor(
    private readonly files: ReleaseFiles,
    private readonly channels: ChannelsCache,
    private readonly fallback: ShellSource,
  ) {}

  async forRequest(request: FastifyRequest): Promise<ShellBuild | undefined> {
    const channel = await this.channels.get(SHELL);
    const version = channel && versionFor(channel, audienceOf(request));
    const release = version ? await this.files.release(SHELL, version) : undefined;
    if (!release) return this.fallback.forRequest(request);
    const files = this.files;
    return {
      readText: async (file) => (await files.content(release, file))?.toString('utf8'),
      async send(file, request, reply) {
        if (await sendReleaseFile(files, release, file, request, reply, cacheControlFor(file))) return true;
        const holding = HASHED_NAME.test(file) ? await files.releaseHolding(SHELL, file) : undefined;
        return holding ? sendReleaseFile(files, holding, file, request, reply, cacheControlFor(file)) : false;
      },
    };
  }
}
