import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
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
    // A CNPJ typed with its mask is searched as a prefix of tax_id (companies-repository.ts):
    // pattern ops let LIKE 'prefix%' use a b-tree whatever the database's collation.
    index('companies_tax_id_prefix_idx').on(t.tax_id.op('varchar_pattern_ops')),
    // The list's orders other than newest (`sort`), ties broken by id; one ascending index serves both
    // directions. Migration 0006 adds INCLUDE (type, is_active) (and id for the CNPJ), which drizzle cannot
    // express: a page's ids, filtered or not, then come from the index alone (companies-repository.ts).
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

export const schema = { users, passwordResetTokens, emailChangeReverts, companies, companyCounts, apiKeys };
/** A user as the repository reads it: its timestamps as ISO text (iso-timestamps.ts). */
export type UserRow = WithIsoTimestamps<typeof users.$inferSelect>;
export type CompanyRow = typeof companies.$inferSelect;
