import * as v from 'valibot';
import {
  AUDIT_DEFAULT_LIMIT,
  AUDIT_MAX_LIMIT,
  BULK_MAX_IDS,
  COMPANY_BULK_ACTIONS,
  COMPANY_SORTS,
  DEFAULT_COMPANY_IS_ACTIVE,
  DEFAULT_COMPANY_SORT,
  DEFAULT_COMPANY_TYPE,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PARTNER_KEY_ACCESS,
  DEFAULT_SKIP,
  MAX_LIMIT,
  MAX_PAGE_SIZE,
  MAX_SKIP,
  SEARCH_MAX_LENGTH,
} from './constants.js';
import { ruleMessages as m } from './messages.js';
import {
  companyTypeRule,
  emailRule,
  fullNameRule,
  legalNameRule,
  partnerKeyAccessRule,
  partnerKeyNameRule,
  partnerOriginsRule,
  passwordRule,
  profileFullNameRule,
  taxIdRule,
  tradingNameRule,
  withPasswordsMatch,
} from './rules.js';

/**
 * Request and response shapes of the API (spec §3 and §7). The server validates with these and
 * publishes them as its OpenAPI document; the clients type their calls with them.
 * Objects are non-strict: unknown keys are dropped, never stored (no mass assignment).
 */

const uuid = v.pipe(v.string(), v.uuid('Must be a UUID'));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

/* ---------- common ---------- */

export const MessageSchema = v.object({ message: v.string() });
export type Message = v.InferOutput<typeof MessageSchema>;

export const IdParamsSchema = v.object({ id: uuid });

const NOT_AN_INTEGER = 'Input should be a valid integer';

/**
 * Query strings arrive as text: coerce a whole number within bounds, or answer 422 with one
 * message (the pipe stops at the first problem: "abc" is not an integer, not also out of bounds).
 */
export function integerParam(defaultValue: number, min: number, max: number) {
  return v.optional(
    v.config(
      v.pipe(
        v.union([v.string(), v.number()], NOT_AN_INTEGER),
        v.transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value))),
        v.integer(NOT_AN_INTEGER),
        v.minValue(min, `Input should be greater than or equal to ${min}`),
        v.maxValue(max, `Input should be less than or equal to ${max}`),
      ),
      { abortPipeEarly: true },
    ),
    defaultValue,
  );
}

const booleanParam = v.optional(
  v.pipe(
    v.union([v.picklist(['true', 'false']), v.boolean()], 'Input should be true or false'),
    v.transform((value) => value === true || value === 'true'),
  ),
);

export const SkipLimitQuerySchema = v.object({
  skip: integerParam(DEFAULT_SKIP, 0, MAX_SKIP),
  limit: integerParam(DEFAULT_LIMIT, 1, MAX_LIMIT),
});
export type SkipLimitQuery = v.InferOutput<typeof SkipLimitQuerySchema>;

/* ---------- auth ---------- */

/**
 * OAuth2 password form (RFC 6749 §4.3), as FastAPI's OAuth2PasswordRequestForm reads it. Only
 * presence is checked: a login never explains which part was wrong. `grant_type` may be left out
 * (or empty), but when sent it must be `password`; `scope`, `client_id` and `client_secret` are
 * accepted and ignored.
 */
export const LoginFormSchema = v.object({
  grant_type: v.optional(v.picklist(['password', ''], 'grant_type must be "password"')),
  username: v.pipe(
    v.string('Field required'),
    v.trim(),
    v.nonEmpty('Field required'),
    v.maxLength(255, 'Username must be at most 255 characters'),
  ),
  password: v.pipe(
    v.string('Field required'),
    v.nonEmpty('Field required'),
    v.maxLength(1024, 'Password must be at most 1024 characters'),
  ),
});
export type LoginForm = v.InferOutput<typeof LoginFormSchema>;

export const TokenSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('bearer'),
});
export type Token = v.InferOutput<typeof TokenSchema>;

/** Own password change: the session that changed it gets a fresh token, every other one is revoked. */
export const PasswordChangedSchema = v.object({
  message: v.string(),
  access_token: v.string(),
  token_type: v.literal('bearer'),
});
export type PasswordChanged = v.InferOutput<typeof PasswordChangedSchema>;

const resetTokenRule = v.pipe(
  v.string('Field required'),
  v.nonEmpty('Field required'),
  v.maxLength(512, 'Invalid token'),
);

export const NewPasswordSchema = v.object({
  token: resetTokenRule,
  new_password: passwordRule,
});
export type NewPassword = v.InferOutput<typeof NewPasswordSchema>;

/** The reset page asks whether its link still works before anyone types a password. */
export const ResetTokenCheckSchema = v.object({ token: resetTokenRule });
export type ResetTokenCheck = v.InferOutput<typeof ResetTokenCheckSchema>;

export const EmailParamsSchema = v.object({ email: emailRule });

/** The token of the link mailed to the old address after an e-mail change (`POST /users/email-change/revert`). */
export const EmailChangeRevertSchema = v.object({
  token: v.pipe(v.string('Field required'), v.nonEmpty('Field required'), v.maxLength(512, 'Invalid token')),
});
export type EmailChangeRevert = v.InferOutput<typeof EmailChangeRevertSchema>;

/* ---------- users ---------- */

export const UserPublicSchema = v.object({
  id: uuid,
  email: v.string(),
  full_name: v.nullable(v.string()),
  is_active: v.boolean(),
  is_superuser: v.boolean(),
  created_at: timestamp,
});
export type UserPublic = v.InferOutput<typeof UserPublicSchema>;

/** `GET /users/`: a page, optionally of one status (`is_active`). */
export const UsersListQuerySchema = v.object({ ...SkipLimitQuerySchema.entries, is_active: booleanParam });
export type UsersListQuery = v.InferOutput<typeof UsersListQuerySchema>;

export const UsersPublicSchema = v.object({
  data: v.array(UserPublicSchema),
  count: v.number(),
});
export type UsersPublic = v.InferOutput<typeof UsersPublicSchema>;

const optionalFullName = v.optional(v.nullable(fullNameRule));
const passwordConfirmation = v.optional(v.string());

const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match';

/** Admin create (`POST /users/`). */
export const UserCreateSchema = withPasswordsMatch(
  v.object({
    email: emailRule,
    password: passwordRule,
    confirm_password: passwordConfirmation,
    full_name: optionalFullName,
    is_superuser: v.optional(v.boolean(), false),
    is_active: v.optional(v.boolean(), true),
  }),
  // The confirmation is optional for API clients, but when sent it must match.
  { password: 'password', message: PASSWORDS_DO_NOT_MATCH, notGiven: [undefined] },
);
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/** Self sign-up: only these three fields are read; role and status keys are ignored. */
export const UserRegisterSchema = v.object({
  email: emailRule,
  password: passwordRule,
  full_name: optionalFullName,
});
export type UserRegister = v.InferOutput<typeof UserRegisterSchema>;

/** Admin update (`PATCH /users/{id}`): partial; an empty password means "keep the current one". */
export const UserUpdateSchema = withPasswordsMatch(
  v.object({
    email: v.optional(emailRule),
    password: v.optional(v.union([v.literal(''), passwordRule], m.passwordTooShort)),
    confirm_password: passwordConfirmation,
    full_name: optionalFullName,
    is_superuser: v.optional(v.boolean()),
    is_active: v.optional(v.boolean()),
  }),
  { password: 'password', message: PASSWORDS_DO_NOT_MATCH, notGiven: [undefined] },
);
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** Own profile update (`PATCH /users/me`): name and e-mail only. */
export const UserUpdateMeSchema = v.object({
  email: v.optional(emailRule),
  full_name: v.optional(v.nullable(profileFullNameRule)),
});
export type UserUpdateMe = v.InferOutput<typeof UserUpdateMeSchema>;

export const UpdatePasswordSchema = withPasswordsMatch(
  v.object({
    current_password: v.pipe(
      v.string('Field required'),
      v.nonEmpty('Field required'),
      v.maxLength(1024, 'Password must be at most 1024 characters'),
    ),
    new_password: passwordRule,
    confirm_password: v.string('Field required'),
  }),
  { password: 'new_password', message: m.passwordsDoNotMatch, notGiven: [] },
);
export type UpdatePassword = v.InferOutput<typeof UpdatePasswordSchema>;

/* ---------- companies ---------- */

export const CompanySchema = v.object({
  id: uuid,
  trading_name: v.string(),
  legal_name: v.string(),
  tax_id: v.string(),
  type: companyTypeRule,
  is_active: v.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const CompanyCreateSchema = v.object({
  trading_name: tradingNameRule,
  legal_name: legalNameRule,
  tax_id: taxIdRule,
  type: v.optional(companyTypeRule, DEFAULT_COMPANY_TYPE),
  is_active: v.optional(v.boolean(), DEFAULT_COMPANY_IS_ACTIVE),
});
export type CompanyCreate = v.InferOutput<typeof CompanyCreateSchema>;
export type CompanyCreateInput = v.InferInput<typeof CompanyCreateSchema>;

export const CompanyUpdateSchema = v.object({
  trading_name: v.optional(tradingNameRule),
  legal_name: v.optional(legalNameRule),
  tax_id: v.optional(taxIdRule),
  type: v.optional(companyTypeRule),
  is_active: v.optional(v.boolean()),
});
export type CompanyUpdate = v.InferOutput<typeof CompanyUpdateSchema>;

/**
 * What narrows the companies list: the one filter of the product, normalised here once: the search
 * trimmed, and an empty search or type absent (no filter). The API reads it from the query string, the
 * client keys its cache and builds its requests with it, the repository turns it into SQL and the
 * companies screen keeps it in the URL (with its own leniency: an invalid value there is dropped, not
 * refused); none of them trims or decides "empty" again.
 */
export const CompaniesFilterSchema = v.object({
  search: v.optional(
    v.pipe(
      v.string('Search must be text'),
      v.trim(),
      v.maxLength(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`),
      v.transform((search) => search || undefined),
    ),
  ),
  /** An empty `type` means "any type", as an absent one. */
  type: v.optional(
    v.pipe(
      v.union([companyTypeRule, v.literal('')], m.companyTypeInvalid),
      v.transform((type) => type || undefined),
    ),
  ),
  is_active: booleanParam,
});
export type CompaniesFilter = v.InferOutput<typeof CompaniesFilterSchema>;

/**
 * The order of the companies list (`COMPANY_SORTS`); absent or empty means newest first, anything
 * else outside the list is a 422, like any other invalid parameter.
 */
export const CompaniesSortSchema = v.object({
  sort: v.optional(
    v.pipe(
      v.union([v.picklist(COMPANY_SORTS), v.literal('')], m.companySortInvalid),
      v.transform((value) => value || DEFAULT_COMPANY_SORT),
    ),
    DEFAULT_COMPANY_SORT,
  ),
});
export type CompaniesSort = v.InferOutput<typeof CompaniesSortSchema>;

/** `GET /companies/export.csv`: the list's filter and order, every row (no paging). */
export const CompaniesExportQuerySchema = v.object({
  ...CompaniesFilterSchema.entries,
  ...CompaniesSortSchema.entries,
});
export type CompaniesExportQuery = v.InferOutput<typeof CompaniesExportQuerySchema>;

export const CompaniesListQuerySchema = v.object({
  ...SkipLimitQuerySchema.entries,
  ...CompaniesFilterSchema.entries,
  ...CompaniesSortSchema.entries,
});
export type CompaniesListQuery = v.InferOutput<typeof CompaniesListQuerySchema>;

export const CompaniesPageQuerySchema = v.object({
  page: integerParam(DEFAULT_PAGE, 1, MAX_SKIP),
  size: integerParam(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
});
export type CompaniesPageQuery = v.InferOutput<typeof CompaniesPageQuerySchema>;

export const CompaniesPublicSchema = v.object({
  data: v.array(CompanySchema),
  count: v.number(),
  /** False when a search was not counted to its end: more than `count` companies match. */
  count_is_exact: v.boolean(),
});
export type CompaniesPublic = v.InferOutput<typeof CompaniesPublicSchema>;

export const CompaniesPageSchema = v.object({
  data: v.array(CompanySchema),
  count: v.number(),
  page: v.number(),
  size: v.number(),
  pages: v.number(),
});
export type CompaniesPage = v.InferOutput<typeof CompaniesPageSchema>;

/** `GET /companies/{id}/related`: the other companies of the same CNPJ root (its first 8 characters). */
export const RelatedCompaniesSchema = v.object({
  /** The root's matriz or matrizes (a registry may hold more than one by mistake), never the company itself. */
  matrizes: v.array(CompanySchema),
  filiais: v.array(CompanySchema),
  /** Filiais of the root besides this company, all of them (only the first RELATED_MAX are listed). */
  filiais_count: v.number(),
});
export type RelatedCompanies = v.InferOutput<typeof RelatedCompaniesSchema>;

const companyIds = v.pipe(
  v.array(uuid, 'ids must be a list of company ids'),
  v.minLength(1, 'Selecione ao menos uma empresa'),
  v.maxLength(BULK_MAX_IDS, `Selecione no máximo ${BULK_MAX_IDS} empresas`),
  v.check((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
);

/** `POST /companies/bulk`: one action on many companies, in one transaction (all or nothing). */
export const CompanyBulkSchema = v.object({
  action: v.picklist(COMPANY_BULK_ACTIONS, `action must be one of: ${COMPANY_BULK_ACTIONS.join(', ')}`),
  ids: companyIds,
});
export type CompanyBulk = v.InferOutput<typeof CompanyBulkSchema>;

export const CompanyBulkResultSchema = v.object({
  action: v.picklist(COMPANY_BULK_ACTIONS),
  /** Companies the action changed (one already in the asked status is left as it is). */
  changed: v.number(),
  message: v.string(),
});
export type CompanyBulkResult = v.InferOutput<typeof CompanyBulkResultSchema>;

/** `POST /companies/export.csv`: the selected companies only. */
export const CompaniesExportSelectionSchema = v.object({ ids: companyIds });
export type CompaniesExportSelection = v.InferOutput<typeof CompaniesExportSelectionSchema>;

/** One line of a CSV import that will not be created, and why (Portuguese, as the screen shows it). */
export const ImportLineProblemSchema = v.object({
  line: v.number(),
  errors: v.array(v.string()),
});
export type ImportLineProblem = v.InferOutput<typeof ImportLineProblemSchema>;

/** `POST /companies/import/preview`: what an import of this file would do, changing nothing. */
export const ImportPreviewSchema = v.object({
  /** Data lines (the header not counted). */
  rows: v.number(),
  /** Lines that would be created. */
  valid: v.number(),
  /** Lines whose CNPJ is already registered: skipped, not an error. */
  ignored: v.number(),
  /** Lines with an error. */
  rejected: v.number(),
  /** The first lines with an error, in file order. */
  problems: v.array(ImportLineProblemSchema),
  /** The first ignored lines. */
  ignored_lines: v.array(v.number()),
  encoding: v.picklist(['utf-8', 'latin-1']),
  separator: v.picklist([';', ',']),
});
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>;

/** What `POST /companies/import` streams, one JSON object per line: progress, then the summary. */
export const ImportProgressSchema = v.object({
  type: v.literal('progress'),
  /** Data lines read so far. */
  processed: v.number(),
  created: v.number(),
});
export const ImportSummarySchema = v.object({
  type: v.literal('summary'),
  rows: v.number(),
  created: v.number(),
  ignored: v.number(),
  rejected: v.number(),
});
export const ImportFailureSchema = v.object({ type: v.literal('error'), detail: v.string(), created: v.number() });
export const ImportEventSchema = v.variant('type', [ImportProgressSchema, ImportSummarySchema, ImportFailureSchema]);
export type ImportEvent = v.InferOutput<typeof ImportEventSchema>;
export type ImportSummary = v.InferOutput<typeof ImportSummarySchema>;

/* ---------- history (audit events) ---------- */

/** What an event is about: a company, a user, or a release of a remote (published, promoted, canary, rolled back). */
export const AUDIT_ENTITY_TYPES = ['company', 'user', 'release'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
/** Who acted: a user, a partner portal's key, a remote's deploy key, or the system (start, the command line). */
export const AUDIT_ACTOR_TYPES = ['user', 'partner', 'deploy_key', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** A field's value before and after (`null` when it did not exist: a creation or a deletion). */
const FieldChangeSchema = v.object({ old: v.unknown(), new: v.unknown() });

/**
 * One recorded change, or one sign-in. `id` is the keyset cursor: lists run newest first and a page
 * continues after the `next_cursor` of the one before. `changes` never holds a password: a changed
 * password shows as the field `password` with both values null.
 */
export const AuditEventSchema = v.object({
  id: v.string(),
  occurred_at: timestamp,
  action: v.string(),
  entity_type: v.picklist(AUDIT_ENTITY_TYPES),
  entity_id: v.nullable(v.string()),
  actor: v.object({
    type: v.picklist(AUDIT_ACTOR_TYPES),
    id: v.nullable(v.string()),
    /** The user's e-mail, or the partner or deploy key's name, at the time. */
    label: v.nullable(v.string()),
  }),
  ip: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  changes: v.record(v.string(), FieldChangeSchema),
  /** What a person calls the entity: a company's trading name or a user's e-mail (now, or when deleted). */
  entity_label: v.nullable(v.string()),
});
export type AuditEvent = v.InferOutput<typeof AuditEventSchema>;

export const AuditEventsSchema = v.object({
  data: v.array(AuditEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: v.nullable(v.string()),
});
export type AuditEvents = v.InferOutput<typeof AuditEventsSchema>;

const cursorParam = v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,17}$/, 'cursor must be a next_cursor value')));
const limitParam = v.optional(
  v.pipe(
    v.union([v.string(), v.number()], NOT_AN_INTEGER),
    v.transform(Number),
    v.integer(NOT_AN_INTEGER),
    v.minValue(1, 'Input should be greater than or equal to 1'),
    v.maxValue(AUDIT_MAX_LIMIT, `Input should be less than or equal to ${AUDIT_MAX_LIMIT}`),
  ),
  AUDIT_DEFAULT_LIMIT,
);

/** `GET /companies/{id}/history`, `GET /users/{id}/history`. */
export const HistoryQuerySchema = v.object({ cursor: cursorParam, limit: limitParam });
export type HistoryQuery = v.InferOutput<typeof HistoryQuerySchema>;

const emptyAsAbsent = <T extends v.GenericSchema<string>>(schema: T) => v.optional(v.union([v.literal(''), schema]));

/** `GET /audit-events` (super users): the activity list, filtered by who, what, entity and period. */
export const AuditEventsQuerySchema = v.object({
  cursor: cursorParam,
  limit: limitParam,
  actor_id: emptyAsAbsent(uuid),
  /** An exact action (`company.deleted`) or a prefix ending in a dot (`user.`). */
  action: emptyAsAbsent(
    v.pipe(v.string(), v.regex(/^[a-z_]+\.[a-z_]*$/, 'action must look like company.deleted or user.')),
  ),
  entity_type: emptyAsAbsent(v.picklist(AUDIT_ENTITY_TYPES, 'entity_type must be company, user or release')),
  entity_id: emptyAsAbsent(uuid),
  /** Period: events at or after `from`, and before `to` (ISO 8601 timestamps). */
  from: emptyAsAbsent(v.pipe(v.string(), v.isoTimestamp('from must be an ISO 8601 timestamp'))),
  to: emptyAsAbsent(v.pipe(v.string(), v.isoTimestamp('to must be an ISO 8601 timestamp'))),
});
export type AuditEventsQuery = v.InferOutput<typeof AuditEventsQuerySchema>;

/* ---------- partner keys and embed tokens ---------- */

/**
 * A partner key: what a super user creates for one portal that embeds the companies screen. Its
 * portal's server exchanges it at `POST /embed/token` for a short-lived token (EmbedTokenSchema).
 */
export const PartnerKeyCreateSchema = v.object({
  name: partnerKeyNameRule,
  origins: partnerOriginsRule,
  access: v.optional(partnerKeyAccessRule, DEFAULT_PARTNER_KEY_ACCESS),
});
export type PartnerKeyCreate = v.InferOutput<typeof PartnerKeyCreateSchema>;
export type PartnerKeyCreateInput = v.InferInput<typeof PartnerKeyCreateSchema>;

/**
 * What a key of any kind (partner, deploy: one table, `api_keys`) shows of its life: when it was created,
 * revoked and last used, and by whom.
 */
export const apiKeyLifeEntries = {
  created_at: timestamp,
  created_by: v.nullable(uuid),
  revoked_at: v.nullable(timestamp),
  revoked_by: v.nullable(uuid),
  last_used_at: v.nullable(timestamp),
};

/** A partner key as it is listed: never its secret nor its hash. */
export const PartnerKeySchema = v.object({
  id: uuid,
  name: v.string(),
  /** The key's public beginning (`bo_pk_…`), to tell which key a portal holds. */
  prefix: v.string(),
  origins: v.array(v.string()),
  access: partnerKeyAccessRule,
  ...apiKeyLifeEntries,
});
export type PartnerKey = v.InferOutput<typeof PartnerKeySchema>;

/** The answer to a creation: the key itself, shown this once (only its hash is stored). */
export const PartnerKeyCreatedSchema = v.object({ ...PartnerKeySchema.entries, key: v.string() });
export type PartnerKeyCreated = v.InferOutput<typeof PartnerKeyCreatedSchema>;

export const PartnerKeysSchema = v.object({ data: v.array(PartnerKeySchema), count: v.number() });
export type PartnerKeys = v.InferOutput<typeof PartnerKeysSchema>;

/** What `POST /embed/token` answers: a token for the companies endpoints, valid `expires_in` seconds. */
export const EmbedTokenSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('bearer'),
  expires_in: v.number(),
});
export type EmbedToken = v.InferOutput<typeof EmbedTokenSchema>;

/* ---------- errors ---------- */

export const ValidationErrorItemSchema = v.object({
  loc: v.array(v.union([v.string(), v.number()])),
  msg: v.string(),
  type: v.string(),
});
export const HttpErrorSchema = v.object({
  detail: v.union([v.string(), v.array(ValidationErrorItemSchema)]),
});
export type HttpError = v.InferOutput<typeof HttpErrorSchema>;
