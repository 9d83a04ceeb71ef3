import { apiErrors, RELEASE_NAME_PATTERN, RELEASE_VERSION_PATTERN } from '@backoffice/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiKeysRepository } from '../db/api-keys-repository.js';
import { type Actor, ReleasesRepository } from '../db/releases-repository.js';
import { HttpError, invalidCredentials } from '../http/http-error.js';
import { readAudience, setAudience, userAudience, versionFor } from '../releases/audience.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { createReleasesService, type ReleasesService } from '../releases/releases-service.js';
import { HASHED_NAME, IMMUTABLE, REVALIDATE, sendReleaseFile } from '../releases/serve.js';
import { ApiKeyStore } from '../services/api-keys.js';
import { DEPLOY_KEYS, type DeployKey, type DeployScope } from '../services/deploy-keys.js';
import { bearerToken } from './auth.js';
import { defaultWebRoot } from './frontends.js';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
    releaseFiles: ReleaseFiles;
    /** The remotes' deploy keys (api-keys.ts, kind `deploy`). */
    deployKeys: ApiKeyStore<DeployScope>;
    /**
     * Pre-handler of the release API: a deploy key (its remote is checked by `mayRelease`) or a super
     * user's token. Sets `request.deployKey` for a key, `request.user` for a user.
     */
    requireReleaser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The deploy key the request was made with (requireReleaser); `null` otherwise. */
    deployKey: DeployKey | null;
  }
}

const DEPLOY_KEY_PREFIX = `bo_${DEPLOY_KEYS.tag}_`;

/** Throws 403 unless the request may change `remote`: a super user may change any, a deploy key its own. */
export function assertMayRelease(request: FastifyRequest, remote: string): void {
  if (request.deployKey && request.deployKey.scope.remote !== remote) {
    throw new HttpError(403, apiErrors.deployKeyOutOfScope);
  }
}

/** Who made a request of the release API, as the history records it. */
export function actorOf(request: FastifyRequest): Actor {
  const key = request.deployKey;
  if (key) return { label: `deploy key "${key.name}" (${key.prefix})`, userId: null, keyId: key.id };
  return { label: request.user.email, userId: request.user.id, keyId: null };
}

/**
 * Releases (issue 25): the store, the service the API and the CLI call, deploy keys, the audience
 * cookie that keeps a browser in or out of a canary, and the versioned files at
 * `/remotes/<remote>/<version>/<path>` (cached for a year: a version never changes) — with every
 * version of every remote served for as long as it is stored, so a page opened before a promotion
 * keeps loading the chunks it was built with.
 */
export default fp(async function releasesPlugin(app: FastifyInstance) {
  const repository = new ReleasesRepository(app.database.db);
  const files = new ReleaseFiles(repository);
  const secretKey = app.config.secretKey;
  const releases = createReleasesService({
    repository,
    users: app.users,
    secretKey,
    webRoot: app.config.webRoot ?? defaultWebRoot(),
  });
  app.decorate('releases', releases);
  app.decorate('releaseFiles', files);
  app.decorate('deployKeys', new ApiKeyStore(new ApiKeysRepository(app.database.db), DEPLOY_KEYS));
  app.decorateRequest('deployKey', null);

  app.decorate('requireReleaser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token?.startsWith(DEPLOY_KEY_PREFIX)) {
      const key = await app.deployKeys.authenticate(token);
      if (!key) throw invalidCredentials();
      request.deployKey = key;
      return;
    }
    await app.requireSuperuser(request);
  });

  // A signed-in user's browser carries their own audience id from their first API request on, so a
  // canary for a share of users, or for named users, follows the user (see audience.ts).
  const secure = app.config.frontendUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    if (user && reply.statusCode < 400) {
      const audience = userAudience(secretKey, user.id);
      if (readAudience(request) !== audience) setAudience(reply, audience, secure);
    }
    return payload;
  });

  /**
   * `/remotes/<remote>/<version>/<path>`: that version's file, immutable. `/remotes/<remote>/<path>`
   * (no version: the companies embed's stable URL `embed/v1/embed.js`, older shells' registries): the
   * file of the version this browser gets, revalidated on every load, or — for a hashed name the
   * current version lacks — of the newest release holding it.
   */
  app.get('/remotes/:remote/*', { logLevel: 'warn' }, async (request, reply) => {
    const { remote, '*': rest } = request.params as { remote: string; '*': string };
    const notFound = () => reply.code(404).send({ detail: 'Not Found' });
    if (!RELEASE_NAME_PATTERN.test(remote)) return notFound();
    const slash = rest.indexOf('/');
    const first = slash < 0 ? rest : rest.slice(0, slash);
    if (slash > 0 && RELEASE_VERSION_PATTERN.test(first)) {
      const release = await files.release(remote, first);
      if (release) {
        if (await sendReleaseFile(files, release, rest.slice(slash + 1), request, reply, IMMUTABLE)) return reply;
        return notFound();
      }
    }
    const channel = await repository.channel(remote);
    const version = channel && versionFor(channel, readAudience(request));
    const current = version ? await files.release(remote, version) : undefined;
    const hashed = HASHED_NAME.test(rest);
    if (current && (await sendReleaseFile(files, current, rest, request, reply, hashed ? IMMUTABLE : REVALIDATE))) {
      return reply;
    }
    const holding = hashed ? await files.releaseHolding(remote, rest) : undefined;
    if (holding && (await sendReleaseFile(files, holding, rest, request, reply, IMMUTABLE))) return reply;
    // Not in the store: the not-found handler looks in the workspace's builds (frontends.ts).
    return reply.callNotFound();
  });
});
