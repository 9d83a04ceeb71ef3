import * as v from 'valibot';
import {
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
 * What narrows the companies list: the one filter of the product. The API reads it from the query
 * string, the client keys its cache with it, the repository turns it into SQL and the companies screen
 * keeps it in the URL (with its own leniency: an invalid value there is dropped, not refused).
 */
export const CompaniesFilterSchema = v.object({
  search: v.optional(
    v.pipe(
      v.string('Search must be text'),
      v.trim(),
      v.maxLength(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`),
    ),
  ),
  /** An empty `type` means "any type", as an absent one. */
  type: v.optional(v.union([companyTypeRule, v.literal('')], m.companyTypeInvalid)),
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

/** A partner key as it is listed: never its secret nor its hash. */
export const PartnerKeySchema = v.object({
  id: uuid,
  name: v.string(),
  /** The key's public beginning (`bo_pk_…`), to tell which key a portal holds. */
  prefix: v.string(),
  origins: v.array(v.string()),
  access: partnerKeyAccessRule,
  created_at: timestamp,
  created_by: v.nullable(uuid),
  revoked_at: v.nullable(timestamp),
  revoked_by: v.nullable(uuid),
  last_used_at: v.nullable(timestamp),
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
