import type { AuditActorType, AuditEntityType } from '@backoffice/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { WithIsoTimestamps } from './iso-timestamps.js';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased (normalizeEmail), so uniqueness is case-insensitive. */
    email: varchar('email', { length: 255 }).notNull().unique(),
    full_name: varchar('full_name', { length: 255 }),
    hashed_password: text('hashed_password').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    is_superuser: boolean('is_superuser').notNull().default(false),
    /** Bumped whenever existing access tokens must stop working (password, role, status change). */
    token_version: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('users_created_at_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * The token of a single-use link mailed to a user (a password reset, an e-mail change's undo): it goes
 * with its user, and only the SHA-256 (hex) of the token sent is stored, never the token itself.
 */
const linkTokenColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...linkTokenColumns(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /**
     * SHA-256 (hex) of the account's e-mail and password hash when the link was sent (users-repository's
     * resetBinding): once either changes, by any route, the link no longer matches and stops working.
     */
    bound_to: varchar('bound_to', { length: 64 }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/**
 * An e-mail change the old address may undo (issue 24): `PATCH /users/me` with a new e-mail mails the
 * old one a single-use link whose token's SHA-256 is stored here. Until it is used or expires, the old
 * address stays reserved for this account (nobody else may take it), so undoing always works.
 */
export const emailChangeReverts = pgTable(
  'email_change_reverts',
  {
    ...linkTokenColumns(),
    old_email: varchar('old_email', { length: 255 }).notNull(),
    new_email: varchar('new_email', { length: 255 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamps.created_at,
  },
  (t) => [
    index('email_change_reverts_user_idx').on(t.user_id),
    // Is this address reserved? asked on every sign-up and e-mail change: only outstanding links.
    index('email_change_reverts_old_email_idx').on(t.old_email).where(sql`${t.used_at} is null`),
  ],
);

/** A company's name keys and CNPJ, as a table's columns (in an index's definition or a query). */
interface SearchedColumns {
  trading_name_key: SQLWrapper;
  legal_name_key: SQLWrapper;
  tax_id: SQLWrapper;
}

/**
 * The search text without the first character of each name: the expression of companies_search_rest_trgm_idx
 * (migration 0013). Written once, for the index and the queries: the planner uses an expression index only for
 * the very same expression.
 */
export const restSearchText = (t: SearchedColumns) =>
  sql`(substr(${t.trading_name_key}, 2) || E'\\n' || substr(${t.legal_name_key}, 2) || E'\\n' || lower(${t.tax_id}))`;

/**
 * Where two words of a company's names meet (migration 0015, `search_name_pairs`): the expression of
 * companies_search_pairs_idx. A name's first pair is written four times, each with one bit of where the name's first
 * word ends (`^c1:uto pec` for `auto pecas …`, 4 = 0100), so that a phrase that starts a name can be told from the
 * same phrase elsewhere (companies-repository.ts, pairsElsewhere).
 */
export const namePairs = (t: SearchedColumns) =>
  sql`(search_name_pairs(${t.trading_name_key}) || search_name_pairs(${t.legal_name_key}))`;

/**
 * How many characters of a CNPJ companies_cnpj_start_newest_idx orders the newest companies by (migration 0018).
 * A masked CNPJ prefix is at least two characters (`30.`); from three on (~0.1 % of the companies) its matches are
 * read first and sorted (companies-repository.ts, CNPJ_PREFIX_READ_FIRST), but two (~1 %, 10 000 at a million) are
 * too many to sort, and a walk of the newest rows finds them only as fast as the newest rows hold them.
 */
export const CNPJ_START_LENGTH = 2;

/**
 * A CNPJ's first CNPJ_START_LENGTH characters: the expression of companies_cnpj_start_newest_idx, written once for
 * the index and the query (the planner uses an expression index only for the very same expression).
 */
export const cnpjStart = (t: Pick<SearchedColumns, 'tax_id'>) =>
  sql`left(${t.tax_id}, ${sql.raw(String(CNPJ_START_LENGTH))})`;

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trading_name: varchar('trading_name', { length: 255 }).notNull(),
    legal_name: varchar('legal_name', { length: 255 }).notNull(),
    /** Normalised CNPJ: 14 characters, no mask, upper-case. */
    tax_id: varchar('tax_id', { length: 14 }).notNull().unique(),
    type: varchar('type', { length: 6 }).notNull().$type<'matriz' | 'filial'>(),
    is_active: boolean('is_active').notNull().default(true),
    /**
     * Lower-case, accent-free names plus the CNPJ, one per line: the one column the trigram index
     * searches. Computed by the database (search_normalize, migration 0000) so it can never drift.
     */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`search_normalize(trading_name) || E'\\n' || search_normalize(legal_name) || E'\\n' || lower(tax_id)`,
      ),
    /**
     * The names as the list sorts them (`sort=trading_name`, `legal_name`): search_normalize, so accents and
     * case do not matter whatever the collation. Stored (migration 0006), not an expression index, so a page
     * deep in a name order is read off the index alone: PostgreSQL will not answer from an expression
     * index without visiting the table.
     */
    trading_name_key: text('trading_name_key').notNull().generatedAlwaysAs(sql`search_normalize(trading_name)`),
    legal_name_key: text('legal_name_key').notNull().generatedAlwaysAs(sql`search_normalize(legal_name)`),
    ...timestamps,
  },
  (t) => [
    check('companies_type_check', sql`${t.type} in ('matriz', 'filial')`),
    index('companies_created_at_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('companies_filter_idx').on(t.type, t.is_active, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('companies_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // The search text without the first character of each name (migration 0013): a term found here is not
    // only at the start of a name, which the name orders' own indexes answer (companies-repository.ts,
    // splitAtTerm), which writes it with the same restSearchText, or the planner could not use it.
    index('companies_search_rest_trgm_idx').using('gin', sql`${restSearchText(t)} gin_trgm_ops`),
    // Where two words of a name meet (migrations 0014 and 0015, search_name_pairs): a phrase of common words that
    // are never side by side (`comercio ltda`) is looked up by its pairs (companies-repository.ts, phraseNarrowing),
    // and a phrase that starts many names by the pairs it has elsewhere (splitAtTerm), through the same namePairs.
    index('companies_search_pairs_idx').using('gin', namePairs(t)),
    // A CNPJ typed with its mask is searched as a prefix of tax_id (companies-repository.ts):
    // pattern ops let LIKE 'prefix%' use a b-tree whatever the database's collation.
    index('companies_tax_id_prefix_idx').on(t.tax_id.op('varchar_pattern_ops')),
    // A two-character masked prefix (`30.`) in the newest order: its newest matches, whatever the newest rows hold
    // (migration 0018; companies-repository.ts, newestOfCnpjStart).
    index('companies_cnpj_start_newest_idx').on(
      cnpjStart(t),
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's orders other than newest (`sort`), ties broken by id; one ascending index serves both
    // directions. Migration 0006 adds INCLUDE (type, is_active) (and id for the CNPJ), which drizzle cannot
    // express: a page's ids, filtered or not, then come from the index alone (companies-repository.ts); 0017 adds
    // tax_id to the names' (a phrase at the start of names, in CNPJ order: startsFirst).
    index('companies_trading_name_sort_idx').on(t.trading_name_key, t.id),
    index('companies_legal_name_sort_idx').on(t.legal_name_key, t.id),
    index('companies_cnpj_sort_idx').on(t.tax_id),
  ],
);

/**
 * Row counts per (type, is_active), kept exact by statement triggers on `companies`, so the list's
 * unfiltered and filter-only totals never scan the table.
 */
export const companyCounts = pgTable(
  'company_counts',
  {
    type: varchar('type', { length: 6 }).notNull(),
    is_active: boolean('is_active').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.is_active] })],
);

/**
 * Keys that let another system act within a scope: a partner portal's server exchanging its key for an
 * embed token (kind `partner`), later a remote's deploy pipeline (kind `deploy`). Only the key's hash is
 * stored; `prefix` is its public beginning (`bo_pk_3f9a…`), unique, by which a presented key is found.
 * A revoked key is kept (who revoked it and when) and never works again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** What the key allows, in its kind's shape (a partner key: origins and access). */
    scope: jsonb('scope').notNull(),
    prefix: varchar('prefix', { length: 64 }).notNull().unique(),
    /** SHA-256 (hex) of the whole key. */
    key_hash: varchar('key_hash', { length: 64 }).notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamps.created_at,
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revoked_by: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_kind_created_at_idx').on(t.kind, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Raw bytes. Written as base64 text decoded by the database and read encoded again (releases-repository.ts):
 * PGlite's binary parameters and results cost 3–15× more (docs/performance.md, "Release files").
 */
const bytea = customType<{ data: string; driverData: string }>({ dataType: () => 'bytea' });

/**
 * One published build of a remote (issue 25): immutable once stored, never overwritten. `manifest` is
 * what the build says about itself as the compatibility gate read it (declaration, exposes, the shared
 * modules it requires), so a page's registry and a later gate need no file of it.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remote: varchar('remote', { length: 40 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    /** SHA-256 over every file's path and SHA-256: the same version published again must carry the same. */
    content_hash: varchar('content_hash', { length: 64 }).notNull(),
    manifest: jsonb('manifest').notNull(),
    file_count: integer('file_count').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who published it, as release_events' `actor`. */
    published_by: varchar('published_by', { length: 320 }).notNull(),
    published_by_user: uuid('published_by_user').references(() => users.id, { onDelete: 'set null' }),
    published_by_key: uuid('published_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('releases_remote_version_unique').on(t.remote, t.version),
    index('releases_remote_published_idx').on(t.remote, t.published_at.desc(), t.id.desc()),
  ],
);

/** The files of a release, by path inside its build (`static/js/index.1a2b3c4d5e.js`). */
export const releaseFiles = pgTable(
  'release_files',
  {
    release_id: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 512 }).notNull(),
    content: bytea('content').notNull(),
    content_type: varchar('content_type', { length: 128 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.release_id, t.path] }),
    // A hashed file asked for without its version (an open page of an older shell, the embed's stable
    // URL) is looked for in the other releases by path.
    index('release_files_path_idx').on(t.path),
  ],
);

/**
 * What users get of a remote: the promoted (stable) version, and optionally a canary version served to
 * a share of the audience (`canary_percent`) and to named users (`canary_users`: `{email, audience}`).
 * Read on every page load, so a change holds on every instance at the next one.
 */
export const remoteChannels = pgTable(
  'remote_channels',
  {
    remote: varchar('remote', { length: 40 }).primaryKey(),
    stable_version: varchar('stable_version', { length: 64 }),
    canary_version: varchar('canary_version', { length: 64 }),
    canary_percent: integer('canary_percent').notNull().default(0),
    canary_users: jsonb('canary_users').notNull().default(sql`'[]'::jsonb`),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('remote_channels_percent_check', sql`${t.canary_percent} between 0 and 100`),
    foreignKey({
      name: 'remote_channels_stable_fk',
      columns: [t.remote, t.stable_version],
      foreignColumns: [releases.remote, releases.version],
    }),
    foreignKey({
      name: 'remote_channels_canary_fk',
      columns: [t.remote, t.canary_version],
      foreignColumns: [releases.remote, releases.version],
    }),
  ],
);

export const RELEASE_ACTIONS = ['publish', 'promote', 'canary', 'canary-end', 'rollback'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/**
 * Every release operation, append-only, in order: who (a user or a deploy key), when, what. `version` is the
 * version acted on (for a rollback, the one it returned to), `previous_version` the stable version
 * before; rollback reads the promotions back from here.
 */
export const releaseEvents = pgTable(
  'release_events',
  {
    /** Insertion order: events written in one transaction share `at`, and rollback replays them in order. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    remote: varchar('remote', { length: 40 }).notNull(),
    action: varchar('action', { length: 16 }).notNull().$type<ReleaseAction>(),
    version: varchar('version', { length: 64 }),
    previous_version: varchar('previous_version', { length: 64 }),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who: a label kept as written (`admin@example.com`, `deploy key ci-companies (bo_dk_…)`), and their ids while they exist. */
    actor: varchar('actor', { length: 320 }).notNull(),
    actor_user: uuid('actor_user').references(() => users.id, { onDelete: 'set null' }),
    actor_key: uuid('actor_key').references(() => apiKeys.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'release_events_action_check',
      sql.raw(`"action" in (${RELEASE_ACTIONS.map((action) => `'${action}'`).join(', ')})`),
    ),
    index('release_events_remote_id_idx').on(t.remote, t.id.desc()),
  ],
);

/**
 * The history of every change (issue 27): append-only (migration 0012 refuses UPDATE, and DELETE but for
 * the retention purge). Row changes of `companies` and `users` are written by triggers in the same
 * transaction as the change, reading who acts from the transaction's `backoffice.audit` setting
 * (services/audit.ts); events that change no row (logins) are inserted by the service. `id` grows with
 * every event, so it is the keyset cursor of every listing.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `company.created`, `company.updated`, `company.deleted`, `company.restored`, `user.login_failed`… */
    action: varchar('action', { length: 64 }).notNull(),
    entity_type: varchar('entity_type', { length: 32 }).notNull().$type<AuditEntityType>(),
    /** No foreign key: the history of a deleted row stays. */
    entity_id: uuid('entity_id'),
    actor_type: varchar('actor_type', { length: 16 }).notNull().$type<AuditActorType>(),
    /** The user's, partner key's or deploy key's id. */
    actor_id: uuid('actor_id'),
    /** The user's e-mail or the (partner or deploy) key's name at the time. */
    actor_label: varchar('actor_label', { length: 320 }),
    ip: varchar('ip', { length: 64 }),
    /** Why, when the change came from something other than a single edit: `import`, `bulk`, `restore`. */
    reason: varchar('reason', { length: 32 }),
    /** Field → {old, new}; a created row has only `new`s, a deleted one only `old`s. Never a password. */
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity_type, t.entity_id, t.id.desc()),
    index('audit_events_actor_idx').on(t.actor_id, t.id.desc()),
    index('audit_events_action_idx').on(t.action, t.id.desc()),
    index('audit_events_occurred_at_idx').on(t.occurred_at),
  ],
);

export const schema = {
  users,
  passwordResetTokens,
  companies,
  companyCounts,
  apiKeys,
  emailChangeReverts,
  releases,
  releaseFiles,
  remoteChannels,
  releaseEvents,
  auditEvents,
};
/** A user as the repository reads it: its timestamps as ISO text (iso-timestamps.ts). */
export type UserRow = WithIsoTimestamps<typeof users.$inferSelect>;
export type CompanyRow = typeof companies.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
