import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BuildManifest } from '../releases/build-manifest.js';
import type { BundleFile } from '../releases/bundle.js';
import type { Db } from './client.js';
import { duplicateAs } from './errors.js';
import { isoTimestamp } from './iso-timestamps.js';
import { auditEvents, type ReleaseAction, releaseEvents, releaseFiles, releases, remoteChannels } from './schema.js';

/** Who does something to the releases: a label kept as written, the user's or deploy key's id, and from where. */
export interface Actor {
  label: string;
  userId: string | null;
  keyId: string | null;
  /** The client address of the request (none for `start` and `remotes --direct`). */
  ip?: string | null;
  /** A deploy key's name: the history of every change names a key as it names a partner key. */
  keyName?: string;
}

/** A field's value before and after, as the history of every change records it (`audit_events.changes`). */
export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** How each release operation is named in the history of every change (issue 27's `audit_events`). */
const AUDIT_ACTIONS: Record<ReleaseAction, string> = {
  publish: 'release.published',
  promote: 'release.promoted',
  canary: 'release.canary',
  'canary-end': 'release.canary_ended',
  rollback: 'release.rolled_back',
};

export interface ReleaseRow {
  id: string;
  remote: string;
  version: string;
  content_hash: string;
  manifest: BuildManifest;
  file_count: number;
  size_bytes: number;
  published_at: string;
  published_by: string;
}

/** A named user a canary is shown to: the e-mail as given, and the audience id their browser carries. */
export interface CanaryUser {
  email: string;
  audience: string;
}

export interface ChannelRow {
  remote: string;
  stable_version: string | null;
  canary_version: string | null;
  canary_percent: number;
  canary_users: CanaryUser[];
  updated_at: string;
}

export type ChannelState = Pick<ChannelRow, 'stable_version' | 'canary_version' | 'canary_percent' | 'canary_users'>;

export interface EventRow {
  id: number;
  remote: string;
  action: ReleaseAction;
  version: string | null;
  previous_version: string | null;
  details: Record<string, unknown>;
  at: string;
  actor: string;
}

/** A file's description without its bytes: what serving needs to pick it (and its compressed copies). */
export interface FileEntry {
  path: string;
  sha256: string;
  content_type: string;
  size: number;
}

/** The (remote, version) is stored already: releases are never overwritten. */
export class VersionTakenError extends Error {}
const versionTaken = () => new VersionTakenError();

const RELEASE_COLUMNS = {
  id: releases.id,
  remote: releases.remote,
  version: releases.version,
  content_hash: releases.content_hash,
  manifest: sql<BuildManifest>`${releases.manifest}`,
  file_count: releases.file_count,
  size_bytes: releases.size_bytes,
  published_at: isoTimestamp(releases.published_at),
  published_by: releases.published_by,
};

const CHANNEL_COLUMNS = {
  remote: remoteChannels.remote,
  stable_version: remoteChannels.stable_version,
  canary_version: remoteChannels.canary_version,
  canary_percent: remoteChannels.canary_percent,
  canary_users: sql<CanaryUser[]>`${remoteChannels.canary_users}`,
  updated_at: isoTimestamp(remoteChannels.updated_at),
};

const EVENT_COLUMNS = {
  id: releaseEvents.id,
  remote: releaseEvents.remote,
  action: releaseEvents.action,
  version: releaseEvents.version,
  previous_version: releaseEvents.previous_version,
  details: sql<Record<string, unknown>>`${releaseEvents.details}`,
  at: isoTimestamp(releaseEvents.at),
  actor: releaseEvents.actor,
};

/** Key of the advisory lock every change of what users get takes (release operations are rare). */
const CHANNELS_LOCK_KEY = 727_274_925;

/**
 * Files go in in batches: one statement per batch keeps a release's insert to a few round trips
 * without one statement of the whole build's size.
 */
const FILE_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * The release store (migration 0009): builds stored immutably with their files, the channel of each
 * remote (stable, canary), and the history of every operation. File contents travel as base64 text
 * decoded and encoded by the database: PGlite's binary parameters and results cost 3–15× more, and on
 * PostgreSQL it is as fast (docs/performance.md, "Release files").
 */
export class ReleasesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction that holds the channels' lock, so two operations on what users
   * get (a remote's promotion and the shell's, which checks every remote) are applied one after the other.
   */
  async withChannelsLocked<T>(work: (repository: ReleasesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CHANNELS_LOCK_KEY})`);
      return work(new ReleasesRepository(tx as unknown as Db));
    });
  }

  async findRelease(remote: string, version: string): Promise<ReleaseRow | undefined> {
    const [row] = await this.db
      .select(RELEASE_COLUMNS)
      .from(releases)
      .where(and(eq(releases.remote, remote), eq(releases.version, version)))
      .limit(1);
    return row;
  }

  /** The releases of a remote, newest first. */
  async listReleases(remote: string): Promise<ReleaseRow[]> {
    return this.db
      .select(RELEASE_COLUMNS)
      .from(releases)
      .where(eq(releases.remote, remote))
      .orderBy(desc(releases.published_at), desc(releases.id));
  }

  /** Every remote that has a release, with how many. */
  async remotes(): Promise<{ remote: string; releases: number }[]> {
    return this.db
      .select({ remote: releases.remote, releases: sql<number>`count(*)::int` })
      .from(releases)
      .groupBy(releases.remote)
      .orderBy(asc(releases.remote));
  }

  /** Stores a release, its files and its `publish` event in one transaction. */
  async insertRelease(
    release: { remote: string; version: string; contentHash: string; manifest: BuildManifest; sizeBytes: number },
    files: BundleFile[],
    actor: Actor,
  ): Promise<ReleaseRow> {
    return duplicateAs(
      versionTaken,
      () =>
        this.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(releases)
            .values({
              remote: release.remote,
              version: release.version,
              content_hash: release.contentHash,
              manifest: release.manifest,
              file_count: files.length,
              size_bytes: release.sizeBytes,
              published_by: actor.label,
              published_by_user: actor.userId,
              published_by_key: actor.keyId,
            })
            .returning(RELEASE_COLUMNS);
          const stored = row as ReleaseRow;
          for (const batch of batches(files)) {
            await tx.insert(releaseFiles).values(
              batch.map((file) => ({
                release_id: stored.id,
                path: file.path,
                content: sql`decode(${file.content.toString('base64')}, 'base64')` as unknown as string,
                content_type: file.contentType,
                sha256: file.sha256,
                size: file.content.length,
              })),
            );
          }
          await new ReleasesRepository(tx as unknown as Db).addEvent({
            remote: release.remote,
            action: 'publish',
            version: release.version,
            previous_version: null,
            details: { content_hash: release.contentHash, files: files.length, bytes: release.sizeBytes },
            actor,
            // A new release, as a created row is recorded: every field with its new value.
            changes: {
              remote: { old: null, new: release.remote },
              version: { old: null, new: release.version },
              content_hash: { old: null, new: release.contentHash },
              file_count: { old: null, new: files.length },
              size_bytes: { old: null, new: release.sizeBytes },
            },
          });
          return stored;
        }),
      'releases_remote_version_unique',
    );
  }

  async channels(): Promise<ChannelRow[]> {
    return this.db.select(CHANNEL_COLUMNS).from(remoteChannels).orderBy(asc(remoteChannels.remote));
  }

  async channel(remote: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select(CHANNEL_COLUMNS).from(remoteChannels).where(eq(remoteChannels.remote, remote));
    return row;
  }

  async saveChannel(remote: string, state: ChannelState): Promise<ChannelRow> {
    const values = { ...state, updated_at: sql`now()` as unknown as Date };
    const [row] = await this.db
      .insert(remoteChannels)
      .values({ remote, ...values })
      .onConflictDoUpdate({ target: remoteChannels.remote, set: values })
      .returning(CHANNEL_COLUMNS);
    return row as ChannelRow;
  }

  /**
   * Records an operation twice, in the caller's transaction: in the releases' own history (what
   * rollback replays, `remotes list`) and in the history of every change (`audit_events`, read with
   * `GET /audit-events?entity_type=release`), whose entity is the release acted on.
   */
  async addEvent(event: {
    remote: string;
    action: ReleaseAction;
    version: string | null;
    previous_version: string | null;
    details?: Record<string, unknown>;
    actor: Actor;
    /** What changed, field by field (a channel's versions, share and named users; a new release's fields). */
    changes: FieldChanges;
  }): Promise<void> {
    const { actor } = event;
    await this.db.insert(releaseEvents).values({
      remote: event.remote,
      action: event.action,
      version: event.version,
      previous_version: event.previous_version,
      details: event.details ?? {},
      actor: actor.label,
      actor_user: actor.userId,
      actor_key: actor.keyId,
    });
    await this.db.insert(auditEvents).values({
      action: AUDIT_ACTIONS[event.action],
      entity_type: 'release',
      entity_id: event.version
        ? (sql`(select ${releases.id} from ${releases} where ${releases.remote} = ${event.remote} and ${releases.version} = ${event.version})` as unknown as string)
        : null,
      actor_type: actor.userId ? 'user' : actor.keyId ? 'deploy_key' : 'system',
      actor_id: actor.userId ?? actor.keyId,
      actor_label: actor.keyName ?? actor.label,
      ip: actor.ip ?? null,
      changes: event.changes,
    });
  }

  /** A remote's events (or every remote's), newest first, `limit` of them before the event `before`. */
  async events(remote: string | undefined, limit: number, before?: number): Promise<EventRow[]> {
    const conditions = [
      ...(remote ? [eq(releaseEvents.remote, remote)] : []),
      ...(before ? [lt(releaseEvents.id, before)] : []),
    ];
    return this.db
      .select(EVENT_COLUMNS)
      .from(releaseEvents)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(releaseEvents.id))
      .limit(limit);
  }

  /** A remote's promotions and rollbacks, oldest first: what a rollback replays. */
  async promotions(remote: string): Promise<{ action: ReleaseAction; version: string | null }[]> {
    return this.db
      .select({ action: releaseEvents.action, version: releaseEvents.version })
      .from(releaseEvents)
      .where(and(eq(releaseEvents.remote, remote), inArray(releaseEvents.action, ['promote', 'rollback'])))
      .orderBy(asc(releaseEvents.id));
  }

  /** When and by whom each version of a remote was last made the stable one. */
  async lastPromotions(remote: string): Promise<Map<string, { at: string; actor: string }>> {
    const rows = await this.db
      .select({ version: releaseEvents.version, at: isoTimestamp(releaseEvents.at), actor: releaseEvents.actor })
      .from(releaseEvents)
      .where(and(eq(releaseEvents.remote, remote), inArray(releaseEvents.action, ['promote', 'rollback'])))
      .orderBy(asc(releaseEvents.id));
    return new Map(rows.flatMap((row) => (row.version ? [[row.version, { at: row.at, actor: row.actor }]] : [])));
  }

  /** The files of a release without their bytes. */
  async fileIndex(releaseId: string): Promise<FileEntry[]> {
    return this.db
      .select({
        path: releaseFiles.path,
        sha256: releaseFiles.sha256,
        content_type: releaseFiles.content_type,
        size: releaseFiles.size,
      })
      .from(releaseFiles)
      .where(eq(releaseFiles.release_id, releaseId));
  }

  async fileContent(releaseId: string, path: string): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ content: sql<string>`encode(${releaseFiles.content}, 'base64')` })
      .from(releaseFiles)
      .where(and(eq(releaseFiles.release_id, releaseId), eq(releaseFiles.path, path)))
      .limit(1);
    return row ? Buffer.from(row.content, 'base64') : undefined;
  }

  /**
   * The release of `remote` holding `path` that was made the stable one most recently (promoted or
   * rolled back to): what an unversioned URL the current version no longer has keeps serving — the
   * companies embed's `embed/v1/embed.js` once the promoted version ships only `embed/v2/`.
   */
  async lastStableHolding(remote: string, path: string): Promise<{ id: string; version: string } | undefined> {
    const [row] = await this.db
      .select({ id: releases.id, version: releases.version })
      .from(releaseEvents)
      .innerJoin(releases, and(eq(releases.remote, releaseEvents.remote), eq(releases.version, releaseEvents.version)))
      .innerJoin(releaseFiles, and(eq(releaseFiles.release_id, releases.id), eq(releaseFiles.path, path)))
      .where(and(eq(releaseEvents.remote, remote), inArray(releaseEvents.action, ['promote', 'rollback'])))
      .orderBy(desc(releaseEvents.id))
      .limit(1);
    return row;
  }

  /** The newest release of `remote` that holds `path` (a hashed file an older page asks for without a version). */
  async releaseHolding(remote: string, path: string): Promise<{ id: string; version: string } | undefined> {
    const [row] = await this.db
      .select({ id: releases.id, version: releases.version })
      .from(releaseFiles)
      .innerJoin(releases, eq(releases.id, releaseFiles.release_id))
      .where(and(eq(releaseFiles.path, path), eq(releases.remote, remote)))
      .orderBy(desc(releases.published_at), desc(releases.id))
      .limit(1);
    return row;
  }
}

function* batches(files: BundleFile[]): Generator<BundleFile[]> {
  let batch: BundleFile[] = [];
  let bytes = 0;
  for (const file of files) {
    if (batch.length > 0 && bytes + file.content.length > FILE_BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(file);
    bytes += file.content.length;
  }
  if (batch.length > 0) yield batch;
}
