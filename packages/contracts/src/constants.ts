/**
 * The numbers both sides of the wire share: the business limits of spec §9 that the API and the forms
 * check, and the API's defaults (§7). Numbers only one side uses live with it (page sizes and session
 * keys in @backoffice/api-client, the colour mode and primary colour in @backoffice/ui, menu sizes in
 * the shell).
 */

/** A CNPJ has 14 characters once its mask is removed. */
export const CNPJ_LENGTH = 14;
export const PASSWORD_MIN_LENGTH = 8;
/** How long the link that undoes an e-mail change works (it is mailed to the old address). */
export const EMAIL_CHANGE_REVERT_DAYS = 7;

/** Argon2 input bound: a longer "password" is a denial-of-service attempt, not a password. */
export const PASSWORD_MAX_LENGTH = 128;
/** Own-profile full name limit (spec §5). */
export const PROFILE_FULL_NAME_MAX_LENGTH = 30;
/** Sign-up full name input minimum (spec §5). */
export const SIGNUP_FULL_NAME_MIN_LENGTH = 3;
/** Storage limit of a full name on the server (admin screens may set longer names than the profile form). */
export const FULL_NAME_MAX_LENGTH = 255;
export const EMAIL_MAX_LENGTH = 255;
export const COMPANY_NAME_MAX_LENGTH = 255;

export const COMPANY_TYPES = ['matriz', 'filial'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const DEFAULT_COMPANY_TYPE: CompanyType = 'filial';
export const DEFAULT_COMPANY_IS_ACTIVE = true;

/**
 * The orders of the companies list: newest first (the default), or by a column, `-` for descending.
 * Names sort case- and accent-insensitively; every order ends on a unique key, so pages are stable.
 */
export const COMPANY_SORTS = [
  'newest',
  'trading_name',
  '-trading_name',
  'legal_name',
  '-legal_name',
  'cnpj',
  '-cnpj',
] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
export const DEFAULT_COMPANY_SORT: CompanySort = 'newest';

/** API list defaults: `skip` 0 and `limit` 100, and no request may ask for more than 100 rows. */
export const DEFAULT_SKIP = 0;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 100;
/** `GET /companies/paginated` defaults. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Largest offset a list accepts; deeper pages are a scan, not a use case. */
export const MAX_SKIP = 1_000_000_000;
/** Longest search text accepted by the companies list. */
export const SEARCH_MAX_LENGTH = 100;

export const API_PREFIX = '/api/v1';

/**
 * What a partner key lets its portal's embed do with the companies: `read` (list, one, export) or
 * `read-write` (create, edit, delete too). The embed token carries it as its `access` claim, so the
 * embedded screen hides the actions its token may not take.
 */
export const PARTNER_KEY_ACCESS = ['read', 'read-write'] as const;
export type PartnerKeyAccess = (typeof PARTNER_KEY_ACCESS)[number];
/** Least privilege: a key created without saying otherwise may only read. */
export const DEFAULT_PARTNER_KEY_ACCESS: PartnerKeyAccess = 'read';
export const PARTNER_KEY_NAME_MAX_LENGTH = 100;
/** Origins one partner key may list (a portal, its staging copy, a few regional hosts). */
export const PARTNER_KEY_MAX_ORIGINS = 20;
/** Longest origin accepted (scheme, host and port; a DNS name is at most 253 characters). */
export const ORIGIN_MAX_LENGTH = 300;

/** Companies one bulk action or one export of a selection may name (`POST /companies/bulk`, `export.csv`). */
export const BULK_MAX_IDS = 1_000;
export const COMPANY_BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type CompanyBulkAction = (typeof COMPANY_BULK_ACTIONS)[number];
/** Events per page of a history or of the activity list; the default page. */
export const AUDIT_MAX_LIMIT = 100;
export const AUDIT_DEFAULT_LIMIT = 50;
/** Lines of a CSV import preview listed with their errors (the counts cover every line). */
export const IMPORT_PREVIEW_MAX_ERRORS = 500;
/** Rows of a CSV import written per transaction: a batch is created whole or not at all. */
export const IMPORT_BATCH_SIZE = 1_000;
/** Largest CSV file an import accepts (about 500 000 rows of our export). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Companies of the same CNPJ root a company page lists (`GET /companies/{id}/related`). */
export const RELATED_MAX = 100;
