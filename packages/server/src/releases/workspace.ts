import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../db/releases-repository.js';
import { HttpError } from '../http/http-error.js';
import { describeBuild, SHELL } from './build-manifest.js';
import { readBundle } from './bundle.js';
import type { ReleasesService } from './releases-service.js';

/** The build folders of a checkout: the shell's first (remotes are checked against it), then each remote's. */
export function workspaceBuildDirs(root: string): string[] {
  const remotes = fs.existsSync(root)
    ? fs
        .readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
        .map((entry) => path.join(root, entry.name, 'dist'))
        .sort()
    : [];
  return [path.join(root, 'shell', 'dist'), ...remotes].filter((dir) =>
    ['mf-manifest.json', 'index.html'].some((file) => fs.existsSync(path.join(dir, file))),
  );
}

/** Who the history names for what `start` publishes and promotes. */
const START: Actor = { label: 'server start (this checkout’s builds)', userId: null, keyId: null };

/**
 * What `start` does outside production (build, start, see it): publishes the checkout's builds and
 * promotes, together, those that are new since they were last published — a build that did not
 * change is left alone, so a version promoted by hand stays promoted across restarts. Remotes are
 * checked against the checkout's shell; whatever is refused is logged and users keep what they had.
 */
export async function publishWorkspace(service: ReleasesService, root: string, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const fresh: { remote: string; version: string }[] = [];
  const builds = workspaceBuildDirs(root).flatMap((dir) => {
    try {
      const bundle = readBundle(dir);
      return [{ dir, bundle, manifest: describeBuild(bundle) }];
    } catch (error) {
      log.warn({ dir, err: error }, 'not published: this build could not be read');
      return [];
    }
  });
  const shell = builds.find((build) => build.manifest.kind === 'shell');
  for (const { dir, bundle, manifest } of builds) {
    try {
      const { release, created } = await service.publish(bundle, {
        actor: START,
        ...(shell && manifest.kind === 'remote'
          ? { against: { version: 'of this checkout', manifest: shell.manifest } }
          : {}),
      });
      if (created) fresh.push({ remote: release.remote, version: release.version });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.warn({ dir, detail: error.detail }, 'not published: the build was refused');
    }
  }
  let promoted: string[] = [];
  if (fresh.length > 0) {
    try {
      const { channels, changed } = await service.promoteMany(fresh, START);
      promoted = channels
        .filter((channel) => changed.includes(channel.remote))
        .map((c) => `${c.remote}@${c.stable_version}`);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.warn({ detail: error.detail }, 'not promoted: the new builds were refused together');
    }
  }
  log.info(
    {
      builds: builds.length,
      published: fresh.map((build) => `${build.remote}@${build.version}`),
      promoted,
      ms: Math.round(performance.now() - started),
    },
    'this checkout’s builds published',
  );
}

/**
 * In production `start` publishes nothing: on a new install no remote is promoted, and pages show no
 * area (not even /login) until the first releases go live. Says so, with what to run.
 */
export async function warnIfNothingPromoted(
  service: ReleasesService,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const promoted = (await service.overview()).some((remote) => remote.remote !== SHELL && remote.stable_version);
  if (!promoted) {
    log.warn(
      'no remote is promoted yet: pages show no area until the builds are published and promoted ' +
        '(remotes publish-all --promote; docs/deployment.md, "The first deployment")',
    );
  }
  return !promoted;
}
