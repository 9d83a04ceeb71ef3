import os from 'node:os';
import type { Channel, DeployKey, Release } from '@backoffice/contracts';
import { API_PREFIX } from '@backoffice/contracts';
import type { Config } from '../config.js';
import { resolveSecretKey } from '../data-dir.js';
import { ReleasesRepository } from '../db/releases-repository.js';
import { UsersRepository } from '../db/users-repository.js';
import { HttpError } from '../http/http-error.js';
import { openDatabase } from '../server.js';
import type { Bundle } from './bundle.js';
import { createReleasesService } from './releases-service.js';

type Overview = (Channel & { releases: number })[];
interface Event {
  id: number;
  action: string;
  version: string | null;
  previous_version: string | null;
  details: Record<string, unknown>;
  at: string;
  actor: string;
}

/** The release operations as the `remotes` command uses them, over the API or straight on the database. */
export interface ReleasesClient {
  /** Where the operations go, for messages (`http://localhost:8000`, `the database`). */
  readonly target: string;
  /** `shell`: a published shell version to check a remote against instead of the shells in use. */
  publish(
    remote: string,
    bundle: Bundle,
    options?: { version?: string; shell?: string },
  ): Promise<{ release: Release; created: boolean }>;
  promote(remote: string, version: string): Promise<Channel>;
  promoteMany(promotions: { remote: string; version: string }[]): Promise<{ data: Channel[]; changed: string[] }>;
  canary(remote: string, version: string, percent: number, users: string[]): Promise<Channel>;
  endCanary(remote: string): Promise<Channel>;
  rollback(remote: string): Promise<Channel>;
  overview(): Promise<Overview>;
  releases(remote: string): Promise<Release[]>;
  events(remote: string, limit: number): Promise<Event[]>;
  /** The remotes' deploy keys (super users, over the API only). */
  deployKeys: {
    create(remote: string, name: string): Promise<DeployKey & { key: string }>;
    list(): Promise<DeployKey[]>;
    revoke(id: string): Promise<DeployKey>;
  };
  close(): Promise<void>;
}

/** A refusal by the server (or the service): its `detail`, which the command prints as it is. */
export class ReleaseCommandError extends Error {}

export interface HttpCredentials {
  /** A deploy key (`DEPLOY_KEY`). */
  key?: string;
  /** A super user's e-mail and password (`--user`/`--password`, or FIRST_SUPERUSER/FIRST_SUPERUSER_PASSWORD). */
  user?: string;
  password?: string;
}

/** The API of a running server: with a deploy key, or a super user's token got by logging in. */
export async function httpClient(baseUrl: string, credentials: HttpCredentials): Promise<ReleasesClient> {
  const url = baseUrl.replace(/\/+$/, '');
  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${url}${API_PREFIX}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ReleaseCommandError(
        `cannot reach the server at ${url} (${(error as Error).message}); is it running? (--url, or --direct)`,
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (!response.ok) {
      const detail = (parsed as { detail?: unknown } | undefined)?.detail;
      throw new ReleaseCommandError(
        `${response.status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail ?? parsed)}`,
      );
    }
    return parsed as T;
  };

  let token = credentials.key;
  if (!token) {
    const form = new URLSearchParams({ username: credentials.user ?? '', password: credentials.password ?? '' });
    let response: Response;
    try {
      response = await fetch(`${url}${API_PREFIX}/login/access-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    } catch (error) {
      throw new ReleaseCommandError(
        `cannot reach the server at ${url} (${(error as Error).message}); is it running? (--url, or --direct)`,
      );
    }
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; detail?: unknown };
    if (!response.ok || !answer.access_token) {
      throw new ReleaseCommandError(`cannot log in as ${credentials.user}: ${JSON.stringify(answer.detail)}`);
    }
    token = answer.access_token;
  }
  const auth = token;
  const remotePath = (remote: string) => `/remotes/${encodeURIComponent(remote)}`;
  return {
    target: url,
    publish: (remote, bundle, { version, shell } = {}) =>
      call(
        'POST',
        `${remotePath(remote)}/releases`,
        {
          ...(version ? { version } : {}),
          ...(shell ? { shell } : {}),
          files: bundle.files.map((file) => ({ path: file.path, content: file.content.toString('base64') })),
        },
        auth,
      ),
    promote: (remote, version) => call('POST', `${remotePath(remote)}/promote`, { version }, auth),
    promoteMany: (promotions) => call('POST', '/remotes/promotions', { promotions }, auth),
    canary: (remote, version, percent, users) =>
      call('POST', `${remotePath(remote)}/canary`, { version, percent, users }, auth),
    endCanary: (remote) => call('DELETE', `${remotePath(remote)}/canary`, undefined, auth),
    rollback: (remote) => call('POST', `${remotePath(remote)}/rollback`, undefined, auth),
    overview: async () => (await call<{ data: Overview }>('GET', '/remotes/', undefined, auth)).data,
    releases: async (remote) =>
      (await call<{ data: Release[] }>('GET', `${remotePath(remote)}/releases`, undefined, auth)).data,
    events: async (remote, limit) =>
      (await call<{ data: Event[] }>('GET', `${remotePath(remote)}/events?limit=${limit}`, undefined, auth)).data,
    deployKeys: {
      create: (remote, name) => call('POST', '/deploy-keys/', { remote, name }, auth),
      list: async () => {
        const keys: DeployKey[] = [];
        for (;;) {
          const page = await call<{ data: DeployKey[]; count: number }>(
            'GET',
            `/deploy-keys/?skip=${keys.length}&limit=100`,
            undefined,
            auth,
          );
          keys.push(...page.data);
          if (page.data.length === 0 || keys.length >= page.count) return keys;
        }
      },
      revoke: (id) => call('POST', `/deploy-keys/${encodeURIComponent(id)}/revoke`, undefined, auth),
    },
    close: async () => {},
  };
}

export const DEPLOY_KEYS_OVER_API =
  'deploy keys are managed through a running server, by a super user: leave out --direct';
const overApiOnly = async (): Promise<never> => {
  throw new ReleaseCommandError(DEPLOY_KEYS_OVER_API);
};

/**
 * Straight on the configured database (`--direct`): for PostgreSQL at any time, for the embedded one
 * only while no server holds its data directory. Recorded as the operating-system user on this host.
 */
export async function directClient(config: Config, webRoot: string): Promise<ReleasesClient> {
  const { database, release } = await openDatabase(config, (error) => {
    throw error;
  });
  await database.migrate();
  const repository = new ReleasesRepository(database.db);
  const service = createReleasesService({
    repository,
    users: new UsersRepository(database.db),
    secretKey: resolveSecretKey(config.dataDir, config.secretKey),
    webRoot,
  });
  const actor = { label: `${os.userInfo().username}@${os.hostname()} (remotes --direct)`, userId: null, keyId: null };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HttpError) throw new ReleaseCommandError(`${error.statusCode}: ${error.detail}`);
      throw error;
    }
  };
  const releaseView = async (remote: string, version: string) => {
    const found = (await service.releases(remote)).find((row) => row.version === version);
    return found as Release;
  };
  return {
    target:
      database.engine === 'pglite' ? `the embedded database in ${config.dataDir}` : 'the database at DATABASE_URL',
    publish: (remote, bundle, { version, shell } = {}) =>
      run(async () => {
        const { release, created } = await service.publish(bundle, {
          actor,
          version,
          againstShell: shell,
          expectedRemote: remote,
        });
        return { release: await releaseView(release.remote, release.version), created };
      }),
    promote: (remote, version) => run(async () => (await service.promote(remote, version, actor)).channel),
    promoteMany: (promotions) =>
      run(async () => {
        const { channels, changed } = await service.promoteMany(promotions, actor);
        return { data: channels, changed };
      }),
    canary: (remote, version, percent, users) => run(() => service.canary(remote, version, { percent, users }, actor)),
    endCanary: (remote) => run(() => service.endCanary(remote, actor)),
    rollback: (remote) => run(() => service.rollback(remote, actor)),
    overview: () => run(() => service.overview()),
    releases: (remote) => run(() => service.releases(remote)),
    events: (remote, limit) => run(() => service.events(remote, limit)),
    deployKeys: {
      create: overApiOnly,
      list: overApiOnly,
      revoke: overApiOnly,
    },
    close: async () => {
      await database.close();
      await release();
    },
  };
}
