import { apiErrors } from '@backoffice/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiKeysRepository } from '../db/api-keys-repository.js';
import { type Actor, ReleasesRepository } from '../db/releases-repository.js';
import { HttpError, invalidCredentials } from '../http/http-error.js';
import { newAudience, readAudience, setAudience, userAudience } from '../releases/audience.js';
import { ChannelsCache } from '../releases/channels-cache.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { createReleasesService, type ReleasesService } from '../releases/releases-service.js';
import { ReleasesRemoteSource } from '../releases/remote-source.js';
import { ReleasesShellSource } from '../releases/shell-source.js';
import { ApiKeyStore } from '../services/api-keys.js';
import { DEPLOY_KEYS, type DeployKey, type DeployScope } from '../services/deploy-keys.js';
import type { RemoteSource } from '../services/page-registry.js';
import { diskShell, type ShellSource } from '../services/shell-source.js';
import { bearerToken } from './auth.js';
import { defaultWebRoot } from './frontends.js';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
    releaseFiles: ReleaseFiles;
    /** What pages are served from: the remotes and the shell each visitor gets (the canaries drawn). */
    releaseSources: { remotes: RemoteSource; shell: ShellSource };
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
  if (key) {
    return {
      label: `deploy key "${key.name}" (${key.prefix})`,
      userId: null,
      keyId: key.id,
      keyName: key.name,
      ip: request.ip,
    };
  }
  return { label: request.user.email, userId: request.user.id, keyId: null, ip: request.ip };
}

/**
 * Releases (issue 25): the store, the service the API and the CLI call, deploy keys, the audience
 * cookie that keeps a browser in or out of a canary, and the sources pages are served from (the
 * remotes and the shell each visitor gets, every stored version served for as long as it is stored).
 */
export default fp(async function releasesPlugin(app: FastifyInstance) {
  const repository = new ReleasesRepository(app.database.db);
  const files = new ReleaseFiles(repository);
  const channels = new ChannelsCache(repository);
  const secretKey = app.config.secretKey;
  const webRoot = app.config.webRoot ?? defaultWebRoot();
  const releases = createReleasesService({
    repository,
    users: app.usersRepository,
    secretKey,
    webRoot,
    onChange: () => channels.invalidate(),
  });
  app.decorate('releaseSources', {
    remotes: new ReleasesRemoteSource(files, channels),
    shell: new ReleasesShellSource(files, channels, diskShell(webRoot)),
  });
  app.decorateRequest('audience', undefined);
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

  // While a canary runs, a page load without an audience gets one before its registry is made (the
  // canary draws from it); without canaries nobody is given a cookie.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || readAudience(request)) return;
    if (!String(request.headers.accept ?? '').includes('text/html') || request.url.startsWith('/api/')) return;
    if (![...(await channels.all()).values()].some((channel) => channel.canary_version)) return;
    request.audience = newAudience();
    setAudience(reply, request.audience, secure);
  });
});
