import path from 'node:path';
import { apiErrors, normalizeEmail, RELEASE_VERSION_PATTERN } from '@backoffice/contracts';
import {
  type Actor,
  type CanaryUser,
  type ChannelRow,
  type ChannelState,
  type EventRow,
  type FieldChanges,
  type ReleaseRow,
  type ReleasesRepository,
  VersionTakenError,
} from '../db/releases-repository.js';
import type { UsersRepository } from '../db/users-repository.js';
import { HttpError } from '../http/http-error.js';
import { userAudience } from './audience.js';
import { type BuildManifest, defaultVersion, describeBuild, describeShellDir, SHELL } from './build-manifest.js';
import { type Bundle, BundleError } from './bundle.js';
import {
  incompatibilities,
  incompatibilityDetail,
  type RemoteForGate,
  type ShellForGate,
  screenClashes,
} from './compatibility.js';

/** A release as the API and the CLI show it: who gets it, and when and by whom it was published and promoted. */
export interface ReleaseView {
  remote: string;
  version: string;
  content_hash: string;
  file_count: number;
  size_bytes: number;
  published_at: string;
  published_by: string;
  /** `stable`, `canary` or `null` (stored, served to nobody unless asked for by its URL). */
  channel: 'stable' | 'canary' | null;
  /** Who gets it, in words: `everyone`, `everyone outside the canary`, `10 % and 2 named users`, `nobody`. */
  audience: string;
  promoted_at: string | null;
  promoted_by: string | null;
}

export interface ChannelView {
  remote: string;
  stable_version: string | null;
  canary: { version: string; percent: number; users: string[] } | null;
  updated_at: string | null;
}

/** What the service needs from the rest of the server. */
export interface ReleasesServiceDeps {
  repository: ReleasesRepository;
  /** The shell build this server has on disk, used as the gate's shell while no shell release is promoted. */
  diskShell: () => ShellForGate | undefined;
  /** The audience id of the user with this e-mail (a canary's named users), or undefined when there is none. */
  audienceOfEmail: (email: string) => Promise<string | undefined>;
  /** Called after a change of what users get (caches of the pages' registry). */
  onChange?: () => void;
}

const asRemote = (release: ReleaseRow): RemoteForGate => ({
  name: release.remote,
  version: release.version,
  manifest: release.manifest,
});
const asShell = (release: ReleaseRow): ShellForGate => ({ version: release.version, manifest: release.manifest });

function viewOf(channel: ChannelRow | undefined, remote: string): ChannelView {
  return {
    remote,
    stable_version: channel?.stable_version ?? null,
    canary: channel?.canary_version
      ? {
          version: channel.canary_version,
          percent: channel.canary_percent,
          users: channel.canary_users.map((user) => user.email),
        }
      : null,
    updated_at: channel?.updated_at ?? null,
  };
}

function canaryAudience(channel: ChannelRow): string {
  const parts = [
    ...(channel.canary_percent > 0 ? [`${channel.canary_percent} % of users`] : []),
    ...(channel.canary_users.length > 0
      ? [channel.canary_users.length === 1 ? '1 named user' : `${channel.canary_users.length} named users`]
      : []),
  ];
  return parts.join(' and ') || 'nobody';
}

/**
 * The release operations (issue 25), whoever asks (HTTP API, CLI, `start`): publish a build immutably,
 * promote a version, show one to a canary, roll back. Every change of what users get goes through the
 * compatibility gate first (a remote against the shell in use, the shell against every remote in use)
 * and is recorded with who made it; a refused operation changes nothing.
 */
export class ReleasesService {
  readonly #repository: ReleasesRepository;
  readonly #deps: ReleasesServiceDeps;

  constructor(deps: ReleasesServiceDeps) {
    this.#repository = deps.repository;
    this.#deps = deps;
  }

  /**
   * Stores a build under its version (its own, or `version`), never overwriting one: the same build
   * again is answered with the stored release (`created: false`), another build under a stored version
   * is refused. A remote is checked against the shell in use first. Changes nothing users get.
   */
  async publish(
    bundle: Bundle,
    options: {
      actor: Actor;
      version?: string;
      expectedRemote?: string;
      /** The shell to check a remote against instead of the shells in use (a checkout's own, at start). */
      against?: ShellForGate;
      /** A published shell version to check a remote against instead of the shells in use. */
      againstShell?: string;
    },
  ): Promise<{ release: ReleaseRow; created: boolean }> {
    let manifest: BuildManifest;
    try {
      manifest = describeBuild(bundle);
    } catch (error) {
      if (error instanceof BundleError) throw new HttpError(400, error.message);
      throw error;
    }
    if (options.expectedRemote !== undefined && manifest.name !== options.expectedRemote) {
      throw new HttpError(400, `This is a build of ${manifest.name}, not of ${options.expectedRemote}`);
    }
    const version = options.version ?? defaultVersion(manifest, bundle.contentHash);
    if (!RELEASE_VERSION_PATTERN.test(version)) throw new HttpError(422, apiErrors.invalidReleaseVersion);
    const existing = await this.#repository.findRelease(manifest.name, version);
    if (existing) return { release: this.#sameBuild(existing, bundle.contentHash), created: false };
    if (manifest.kind === 'remote') {
      const shells = options.against
        ? [options.against]
        : options.againstShell
          ? [asShell(await this.#release(this.#repository, SHELL, options.againstShell))]
          : await this.#shellsInUse();
      this.#gate({ name: manifest.name, version, manifest }, shells);
    }
    try {
      const release = await this.#repository.insertRelease(
        { remote: manifest.name, version, contentHash: bundle.contentHash, manifest, sizeBytes: bundle.sizeBytes },
        bundle.files,
        options.actor,
      );
      return { release, created: true };
    } catch (error) {
      if (!(error instanceof VersionTakenError)) throw error;
      // Published at the same moment by someone else: the same build is fine, another is not.
      const stored = await this.#repository.findRelease(manifest.name, version);
      if (!stored) throw error;
      return { release: this.#sameBuild(stored, bundle.contentHash), created: false };
    }
  }

  #sameBuild(stored: ReleaseRow, contentHash: string): ReleaseRow {
    if (stored.content_hash === contentHash) return stored;
    throw new HttpError(
      409,
      `${stored.remote}@${stored.version} is published already with other content; a published version is never ` +
        'replaced: publish this build under another version',
    );
  }

  /**
   * Makes `version` the one everybody gets (outside a canary of another version; a canary of this one
   * ends). Promoting the stable version again changes nothing.
   */
  async promote(remote: string, version: string, actor: Actor): Promise<{ channel: ChannelView; changed: boolean }> {
    const { channels, changed } = await this.promoteMany([{ remote, version }], actor);
    return { channel: channels[0] as ChannelView, changed: changed.length > 0 };
  }

  /**
   * Promotes several versions at once (a checkout's shell and remotes built together): the state they
   * make together is checked, and applied in one transaction or not at all.
   */
  async promoteMany(
    promotions: { remote: string; version: string }[],
    actor: Actor,
  ): Promise<{ channels: ChannelView[]; changed: string[] }> {
    return this.#repository.withChannelsLocked(async (repository) => {
      const wanted = new Map<string, string>();
      for (const { remote, version } of promotions) {
        if (wanted.has(remote) && wanted.get(remote) !== version) {
          throw new HttpError(400, `Two versions of ${remote} to promote: ${wanted.get(remote)} and ${version}`);
        }
        await this.#release(repository, remote, version);
        wanted.set(remote, version);
      }
      const current = new Map((await repository.channels()).map((channel) => [channel.remote, channel]));
      const next = new Map<string, ChannelState>();
      for (const [remote, version] of wanted) {
        const channel = current.get(remote);
        if (channel?.stable_version === version) continue;
        const endsCanary = channel?.canary_version === version;
        next.set(remote, { stable_version: version, ...(endsCanary || !channel ? noCanary : canaryOf(channel)) });
      }
      await this.#check(repository, current, next);
      for (const [remote, state] of next) {
        const before = current.get(remote);
        await repository.saveChannel(remote, state);
        await repository.addEvent({
          remote,
          action: 'promote',
          version: state.stable_version,
          previous_version: before?.stable_version ?? null,
          details: before?.canary_version === state.stable_version ? { ended_canary: true } : {},
          actor,
          changes: channelChanges(remote, before, state),
        });
      }
      if (next.size > 0) this.#deps.onChange?.();
      const after = new Map((await repository.channels()).map((channel) => [channel.remote, channel]));
      return {
        channels: [...wanted.keys()].map((remote) => viewOf(after.get(remote), remote)),
        changed: [...next.keys()],
      };
    });
  }

  /**
   * Shows `version` to `percent` % of the audience and to the users named by e-mail, everyone else
   * keeping the stable version. Replaces any canary the remote had.
   */
  async canary(
    remote: string,
    version: string,
    options: { percent: number; users: string[] },
    actor: Actor,
  ): Promise<ChannelView> {
    if (options.percent === 0 && options.users.length === 0) throw new HttpError(422, apiErrors.canaryWithoutAudience);
    const users: CanaryUser[] = [];
    for (const email of new Set(options.users.map((user) => user.trim().toLowerCase()))) {
      const audience = await this.#deps.audienceOfEmail(email);
      if (!audience) throw new HttpError(400, `There is no user with the e-mail ${email}`);
      users.push({ email, audience });
    }
    return this.#repository.withChannelsLocked(async (repository) => {
      await this.#release(repository, remote, version);
      const channel = await repository.channel(remote);
      if (!channel?.stable_version) {
        throw new HttpError(409, `${remote} has no promoted version yet: promote one first`);
      }
      if (channel.stable_version === version) {
        throw new HttpError(409, `${remote}@${version} is the promoted version already: everybody gets it`);
      }
      const state = {
        stable_version: channel.stable_version,
        canary_version: version,
        canary_percent: options.percent,
        canary_users: users,
      };
      await this.#check(repository, await this.#channelMap(repository), new Map([[remote, state]]));
      return this.#changeChannel(repository, channel, state, actor, {
        action: 'canary',
        version,
        details: { percent: options.percent, users: users.map((user) => user.email) },
      });
    });
  }

  /** Ends a remote's canary: everyone gets the stable version. */
  async endCanary(remote: string, actor: Actor): Promise<ChannelView> {
    return this.#repository.withChannelsLocked(async (repository) => {
      const channel = await repository.channel(remote);
      if (!channel?.canary_version) throw new HttpError(409, `${remote} has no canary`);
      const state = { stable_version: channel.stable_version, ...noCanary };
      return this.#changeChannel(repository, channel, state, actor, {
        action: 'canary-end',
        version: channel.canary_version,
      });
    });
  }

  /**
   * Returns everyone to the version promoted before the current one (a canary ends too: after a bad
   * build, everybody gets the last good one). Rolling back again goes one promotion further back.
   */
  async rollback(remote: string, actor: Actor): Promise<ChannelView> {
    return this.#repository.withChannelsLocked(async (repository) => {
      const channel = await repository.channel(remote);
      if (!channel?.stable_version) throw new HttpError(404, apiErrors.remoteNotFound);
      const stack: string[] = [];
      for (const event of await repository.promotions(remote)) {
        if (event.action === 'rollback') stack.pop();
        else if (event.version && event.version !== stack.at(-1)) stack.push(event.version);
      }
      const target = stack.at(-2);
      if (!target) throw new HttpError(409, `${remote} has no earlier promoted version to return to`);
      await this.#release(repository, remote, target);
      const state = { stable_version: target, ...noCanary };
      await this.#check(repository, await this.#channelMap(repository), new Map([[remote, state]]));
      return this.#changeChannel(repository, channel, state, actor, {
        action: 'rollback',
        version: target,
        details: channel.canary_version ? { ended_canary: channel.canary_version } : {},
      });
    });
  }

  /** Every remote with releases (the shell included): what users get of it. */
  async overview(): Promise<(ChannelView & { releases: number })[]> {
    const [remotes, channels] = await Promise.all([this.#repository.remotes(), this.#repository.channels()]);
    const byRemote = new Map(channels.map((channel) => [channel.remote, channel]));
    return remotes.map(({ remote, releases }) => ({ ...viewOf(byRemote.get(remote), remote), releases }));
  }

  async channel(remote: string): Promise<ChannelView> {
    return viewOf(await this.#repository.channel(remote), remote);
  }

  /** A remote's releases, newest first, with who gets each one. */
  async releases(remote: string): Promise<ReleaseView[]> {
    const [rows, channel, promotions] = await Promise.all([
      this.#repository.listReleases(remote),
      this.#repository.channel(remote),
      this.#repository.lastPromotions(remote),
    ]);
    return rows.map((row) => {
      const isStable = channel?.stable_version === row.version;
      const isCanary = channel?.canary_version === row.version;
      const promoted = promotions.get(row.version);
      return {
        remote: row.remote,
        version: row.version,
        content_hash: row.content_hash,
        file_count: row.file_count,
        size_bytes: row.size_bytes,
        published_at: row.published_at,
        published_by: row.published_by,
        channel: isStable ? 'stable' : isCanary ? 'canary' : null,
        audience:
          isCanary && channel
            ? canaryAudience(channel)
            : isStable
              ? channel?.canary_version
                ? 'everyone outside the canary'
                : 'everyone'
              : 'nobody',
        promoted_at: promoted?.at ?? null,
        promoted_by: promoted?.actor ?? null,
      };
    });
  }

  async events(remote: string | undefined, limit: number, before?: number): Promise<EventRow[]> {
    return this.#repository.events(remote, limit, before);
  }

  async #release(repository: ReleasesRepository, remote: string, version: string): Promise<ReleaseRow> {
    const release = await repository.findRelease(remote, version);
    if (!release) throw new HttpError(404, `${remote}@${version} is not published`);
    return release;
  }

  /** The shells pages are served with (a new remote build is checked against): stable and canary, or the build on disk. */
  async #shellsInUse(repository = this.#repository): Promise<ShellForGate[]> {
    const channel = await repository.channel(SHELL);
    const versions = [channel?.stable_version, channel?.canary_version].filter((v): v is string => !!v);
    const shells: ShellForGate[] = [];
    for (const version of versions) {
      const release = await repository.findRelease(SHELL, version);
      if (release) shells.push(asShell(release));
    }
    if (shells.length > 0) return shells;
    const disk = this.#deps.diskShell();
    return disk ? [disk] : [];
  }

  /**
   * One remote's channel set to `state`: saved, on record with who changed it and what it was before
   * (`previous_version` is the stable one), and told to this instance's caches.
   */
  async #changeChannel(
    repository: ReleasesRepository,
    before: ChannelRow,
    state: ChannelState,
    actor: Actor,
    event: { action: 'canary' | 'canary-end' | 'rollback'; version: string; details?: Record<string, unknown> },
  ): Promise<ChannelView> {
    const saved = await repository.saveChannel(before.remote, state);
    await repository.addEvent({
      remote: before.remote,
      ...event,
      previous_version: before.stable_version,
      actor,
      changes: channelChanges(before.remote, before, state),
    });
    this.#deps.onChange?.();
    return viewOf(saved, before.remote);
  }

  async #channelMap(repository: ReleasesRepository): Promise<Map<string, ChannelRow>> {
    return new Map((await repository.channels()).map((channel) => [channel.remote, channel]));
  }

  /**
   * Refuses a change of what users get (HTTP 400, every reason named) unless every remote in use
   * after it works with every shell in use after it — checking only the pairs the change brings
   * together, so an older mismatch does not block an unrelated promotion.
   */
  async #check(
    repository: ReleasesRepository,
    current: Map<string, ChannelRow>,
    next: Map<string, ChannelState>,
  ): Promise<void> {
    const versions = (state: Pick<ChannelState, 'stable_version' | 'canary_version'> | undefined) =>
      [state?.stable_version, state?.canary_version].filter((version): version is string => !!version);
    const inUse = async (remote: string) => {
      const before = versions(current.get(remote));
      const releases: { release: ReleaseRow; isNew: boolean }[] = [];
      for (const version of versions(next.get(remote) ?? current.get(remote))) {
        const release = await repository.findRelease(remote, version);
        if (release) releases.push({ release, isNew: !before.includes(version) });
      }
      return releases;
    };
    const shells: (ShellForGate & { isNew: boolean })[] = (await inUse(SHELL)).map(({ release, isNew }) => ({
      ...asShell(release),
      isNew,
    }));
    const disk = shells.length === 0 ? this.#deps.diskShell() : undefined;
    if (disk) shells.push({ ...disk, isNew: false });
    const remotes: (RemoteForGate & { isNew: boolean })[] = [];
    for (const remote of new Set([...current.keys(), ...next.keys()])) {
      if (remote === SHELL) continue;
      for (const { release, isNew } of await inUse(remote)) remotes.push({ ...asRemote(release), isNew });
    }
    if (shells.length === 0 && remotes.some((remote) => remote.isNew)) {
      throw new HttpError(409, apiErrors.noShellForGate);
    }
    const problems: string[] = [];
    for (const shell of shells) {
      for (const remote of remotes) {
        if (!shell.isNew && !remote.isNew) continue;
        const found = incompatibilities(remote, shell);
        if (found.length) problems.push(incompatibilityDetail(remote, shell, found));
      }
    }
    // No remote put in use may take another remote's pages (one team's key, another team's screens).
    for (const remote of remotes) {
      if (!remote.isNew) continue;
      for (const other of remotes) {
        if (other.name === remote.name) continue;
        const clashes = screenClashes(remote, other);
        if (clashes.length) problems.push(`${remote.name}@${remote.version} cannot be used: ${clashes.join('; ')}`);
      }
    }
    if (problems.length) throw new HttpError(400, problems.join(' | '));
  }

  #gate(remote: RemoteForGate, shells: ShellForGate[]): void {
    if (shells.length === 0) throw new HttpError(409, apiErrors.noShellForGate);
    for (const shell of shells) {
      const problems = incompatibilities(remote, shell);
      if (problems.length) throw new HttpError(400, incompatibilityDetail(remote, shell, problems));
    }
  }
}

/**
 * What a change of a remote's channel changed, as the history of every change records it: each field
 * that changed, old → new, versions written `remote@version` so the event names its remote, named
 * users by e-mail (never their audience ids). A canary whose share or users changed names its version
 * even when that stayed the same: the event says which release the new share gets.
 */
function channelChanges(remote: string, before: ChannelState | undefined, after: ChannelState): FieldChanges {
  const named = (version: string | null | undefined) => (version ? `${remote}@${version}` : null);
  const emails = (state: ChannelState | undefined) => (state?.canary_users ?? []).map((user) => user.email);
  const fields: [string, unknown, unknown][] = [
    ['stable_version', named(before?.stable_version), named(after.stable_version)],
    ['canary_version', named(before?.canary_version), named(after.canary_version)],
    ['canary_percent', before?.canary_percent ?? 0, after.canary_percent],
    ['canary_users', emails(before), emails(after)],
  ];
  const differs = ([, old, value]: [string, unknown, unknown]) => JSON.stringify(old) !== JSON.stringify(value);
  const canaryChanged = fields.some((field) => field[0].startsWith('canary_') && differs(field));
  const changed = fields.filter((field) => differs(field) || (field[0] === 'canary_version' && canaryChanged));
  return Object.fromEntries(changed.map(([field, old, value]) => [field, { old, new: value }]));
}

const noCanary: Omit<ChannelState, 'stable_version'> = { canary_version: null, canary_percent: 0, canary_users: [] };
const canaryOf = (channel: ChannelRow): Omit<ChannelState, 'stable_version'> => ({
  canary_version: channel.canary_version,
  canary_percent: channel.canary_percent,
  canary_users: channel.canary_users,
});

/**
 * The service over a database, as the server and `remotes --direct` build it: the gate's fallback
 * shell is the build in `webRoot`, a canary's named users are looked up in `users`.
 */
export function createReleasesService(options: {
  repository: ReleasesRepository;
  users: Pick<UsersRepository, 'findByEmail'>;
  secretKey: string;
  webRoot: string;
  onChange?: () => void;
}): ReleasesService {
  const shellDir = path.join(options.webRoot, 'shell', 'dist');
  return new ReleasesService({
    repository: options.repository,
    onChange: options.onChange,
    diskShell: () => {
      const manifest = describeShellDir(shellDir);
      return manifest ? { version: 'built on this server (shell/dist)', manifest } : undefined;
    },
    audienceOfEmail: async (email) => {
      const user = await options.users.findByEmail(normalizeEmail(email));
      return user ? userAudience(options.secretKey, user.id) : undefined;
    },
  });
}
