import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryVisitor, RemoteRelease, RemoteSource } from '../services/page-registry.js';

/**
 * Outside production: the release store's remotes, and beside them any remote built in this checkout
 * after the start published the others (`rsbuild build` of a new area), until a restart or `remotes
 * publish` stores it. The store wins for every name it holds; production serves the store alone.
 */
export class WithLocalBuilds implements RemoteSource {
  constructor(
    private readonly store: RemoteSource,
    private readonly local: RemoteSource,
  ) {}

  async list(visitor: RegistryVisitor): Promise<RemoteRelease[]> {
    const stored = await this.store.list(visitor);
    const names = new Set(stored.map((release) => release.name));
    const built = (await this.local.list(visitor)).filter((release) => !names.has(release.name));
    return [...stored, ...built];
  }

  async serveFile(name: string, path: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (await this.store.serveFile?.(name, path, request, reply)) return true;
    return (await this.local.serveFile?.(name, path, request, reply)) ?? false;
  }
}
