import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { duplicateAs } from './errors.js';
import { isoTimestamp } from './iso-timestamps.js';
import { apiKeys } from './schema.js';

/** A key as the repository reads it: timestamps as ISO text, never its hash. */
export interface ApiKeyRow {
  id: string;
  kind: string;
  name: string;
  scope: unknown;
  prefix: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_used_at: string | null;
}

export interface NewApiKey {
  kind: string;
  name: string;
  scope: unknown;
  prefix: string;
  key_hash: string;
  created_by: string | null;
}

/** Another key already has this prefix (random, so only ever a fluke): draw again. */
export class PrefixTakenError extends Error {}

const KEY_COLUMNS = {
  id: apiKeys.id,
  kind: apiKeys.kind,
  name: apiKeys.name,
  scope: apiKeys.scope,
  prefix: apiKeys.prefix,
  created_by: apiKeys.created_by,
  created_at: isoTimestamp(apiKeys.created_at),
  revoked_at: sql<string | null>`${isoTimestamp(apiKeys.revoked_at)}`,
  revoked_by: apiKeys.revoked_by,
  last_used_at: sql<string | null>`${isoTimestamp(apiKeys.last_used_at)}`,
};

/** How often `last_used_at` is written at most: a busy portal's exchanges do not each cost a row update. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export class ApiKeysRepository {
  /** Read on every request an embed token makes (its key may have been revoked since): prepared once. */
  readonly #activeById;

  constructor(private readonly db: Db) {
    this.#activeById = db
      .select(KEY_COLUMNS)
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.id, sql.placeholder('id')),
          eq(apiKeys.kind, sql.placeholder('kind')),
          isNull(apiKeys.revoked_at),
        ),
      )
      .limit(1)
      .prepare('api_keys_active_by_id');
  }

  async create(key: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await duplicateAs(
      () => new PrefixTakenError(),
      () => this.db.insert(apiKeys).values(key).returning(KEY_COLUMNS),
      'api_keys_prefix_unique',
    );
    return row as ApiKeyRow;
  }

  /** A key that is not revoked, with its hash, by its public prefix (the one read that sees the hash). */
  async findActiveByPrefix(prefix: string): Promise<(ApiKeyRow & { key_hash: string }) | undefined> {
    const [row] = await this.db
      .select({ ...KEY_COLUMNS, key_hash: apiKeys.key_hash })
      .from(apiKeys)
      .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revoked_at)))
      .limit(1);
    return row;
  }

  async findActiveById(kind: string, id: string): Promise<ApiKeyRow | undefined> {
    const [row] = await this.#activeById.execute({ id, kind });
    return row;
  }

  /** Newest first, revoked keys included (they stay on record). */
  async list(kind: string, skip: number, limit: number): Promise<{ data: ApiKeyRow[]; count: number }> {
    const [data, [total]] = await Promise.all([
      this.db
        .select(KEY_COLUMNS)
        .from(apiKeys)
        .where(eq(apiKeys.kind, kind))
        .orderBy(desc(apiKeys.created_at), desc(apiKeys.id))
        .offset(skip)
        .limit(limit),
      this.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.kind, kind)),
    ]);
    return { data, count: total?.n ?? 0 };
  }

  /**
   * Revokes the key (once: a second revocation keeps the first one's time and author). `undefined`
   * when there is no key of this kind with this id.
   */
  async revoke(kind: string, id: string, by: string): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .update(apiKeys)
      .set({
        revoked_at: sql`coalesce(${apiKeys.revoked_at}, now())`,
        revoked_by: sql`case when ${apiKeys.revoked_at} is null then ${by}::uuid else ${apiKeys.revoked_by} end`,
      })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.kind, kind)))
      .returning(KEY_COLUMNS);
    return row;
  }

  async markUsed(id: string): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ last_used_at: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, id),
          sql`(${apiKeys.last_used_at} is null or ${apiKeys.last_used_at} < now() - ${LAST_USED_RESOLUTION})`,
        ),
      );
  }

  /** The scope of every key of a kind that is not revoked, or was revoked after `revokedSince`. */
  async scopesInUse(kind: string, revokedSince: Date): Promise<unknown[]> {
    const rows = await this.db
      .select({ scope: apiKeys.scope })
      .from(apiKeys)
      .where(and(eq(apiKeys.kind, kind), or(isNull(apiKeys.revoked_at), gt(apiKeys.revoked_at, revokedSince))));
    return rows.map((row) => row.scope);
  }
}
