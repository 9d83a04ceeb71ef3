import * as v from 'valibot';
import { cnpjProblem, normalizeCnpj } from './cnpj.js';
import {
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_TYPES,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  ORIGIN_MAX_LENGTH,
  PARTNER_KEY_ACCESS,
  PARTNER_KEY_MAX_ORIGINS,
  PARTNER_KEY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_FULL_NAME_MAX_LENGTH,
  SIGNUP_FULL_NAME_MIN_LENGTH,
} from './constants.js';
import { ruleMessages as m } from './messages.js';

/**
 * The shared field rules. Pipes never abort early, so a form in `criteriaMode: 'all'` shows every
 * error of a field at once, and the API answers with the same messages.
 */

/** A standard e-mail pattern (the one the forms show `Endereço de email inválido` for). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailRule = v.pipe(
  v.string(m.emailRequired),
  v.trim(),
  v.nonEmpty(m.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, 'Email must be at most 255 characters'),
  v.regex(EMAIL_PATTERN, m.emailInvalid),
);

export const passwordRule = v.pipe(
  v.string(m.passwordRequired),
  v.nonEmpty(m.passwordRequired),
  v.minLength(PASSWORD_MIN_LENGTH, m.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, m.passwordTooLong),
);

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners, the
 * byte order mark, bidi controls: `\p{Cf}`), control characters, combining marks on their own, and
 * the blanks that Unicode files as letters or symbols (Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE = /^[\s\p{Z}\p{Cf}\p{Cc}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;
/**
 * Explicit bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a right-to-left
 * override makes `Loja\u202Eexe.txt` read `Lojatxt.exe`, and the same bytes read differently in each
 * list, mail and CSV that shows them ("Trojan Source"). The implicit marks (LRM, RLM, ALM) reorder
 * nothing and stay allowed.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/** A name someone can read: not only invisible characters (an empty one is the required rule's business). */
export const isVisibleName = (name: string) => name === '' || !INVISIBLE.test(name);
export const hasBidiControl = (name: string) => BIDI_CONTROL.test(name);

/** The checks every name of a person, a company or a partner shares; add them after `v.trim()`. */
const readableName = [
  v.check(isVisibleName, m.nameInvisible),
  v.check((name: string) => !hasBidiControl(name), m.nameBidiControl),
] as const;

/** Optional full name as stored: trimmed, empty means none. */
/**
 * The one "passwords match" rule: `schema` with a check that its confirmation field repeats the password.
 * Each form keeps its own words (`message`). `notGiven` lists the confirmation values that mean "not
 * typed yet" (a form's empty field has its own "required" message; an API client may leave it out),
 * which are not a mismatch. Reported on the confirmation field, and checked as soon as both fields are
 * valid, even while others are not (a form shows every problem at once).
 */
export function withPasswordsMatch<TSchema extends v.GenericSchema<Record<string, unknown>>>(
  schema: TSchema,
  options: {
    password: keyof v.InferOutput<TSchema> & string;
    confirmation?: keyof v.InferOutput<TSchema> & string;
    message: string;
    notGiven: readonly ('' | undefined)[];
  },
) {
  const confirmation = options.confirmation ?? 'confirm_password';
  const matches = (input: Record<string, unknown>) => {
    const typed = input[confirmation];
    return options.notGiven.includes(typed as '' | undefined) || typed === (input[options.password] ?? '');
  };
  // valibot types a partial check by the paths it is given; these are chosen at run time, hence the casts.
  const check = v.forward(
    v.partialCheck([[options.password], [confirmation]] as never, matches as never, options.message) as never,
    [confirmation] as never,
  ) as v.GenericValidation<v.InferOutput<TSchema>>;
  return v.pipe(schema, check);
}

export const fullNameRule = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(FULL_NAME_MAX_LENGTH, 'Full Name must be at most 255 characters'),
  ...readableName,
);

/** Sign-up full name: required, at least 3 characters. */
export const signupFullNameRule = v.pipe(
  v.string(m.fullNameRequired),
  v.trim(),
  v.nonEmpty(m.fullNameRequired),
  v.minLength(SIGNUP_FULL_NAME_MIN_LENGTH, m.fullNameTooShort),
  v.maxLength(FULL_NAME_MAX_LENGTH, 'Full Name must be at most 255 characters'),
  ...readableName,
);

/** Own-profile full name: at most 30 characters. */
export const profileFullNameRule = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(PROFILE_FULL_NAME_MAX_LENGTH, m.fullNameTooLong),
  ...readableName,
);

function companyNameRule(requiredMessage: string) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(COMPANY_NAME_MAX_LENGTH, m.companyNameTooLong),
    ...readableName,
  );
}
export const tradingNameRule = companyNameRule(m.tradingNameRequired);
export const legalNameRule = companyNameRule(m.legalNameRequired);

/**
 * CNPJ: required, 14 characters once the mask is removed, valid check digits. The output is the
 * normalised form (no mask, upper-case), which is what the API stores.
 */
export const taxIdRule = v.pipe(
  v.string(m.taxIdRequired),
  v.transform(normalizeCnpj),
  v.nonEmpty(m.taxIdRequired),
  v.check((value) => value === '' || cnpjProblem(value) !== 'length', m.taxIdLength),
  v.check((value) => cnpjProblem(value) !== 'check-digits', m.taxIdInvalid),
);

export const companyTypeRule = v.picklist(COMPANY_TYPES, m.companyTypeInvalid);

/* ---------- partner keys ---------- */

export const partnerKeyNameRule = v.pipe(
  v.string(m.partnerKeyNameRequired),
  v.trim(),
  v.nonEmpty(m.partnerKeyNameRequired),
  v.maxLength(PARTNER_KEY_NAME_MAX_LENGTH, m.partnerKeyNameTooLong),
  ...readableName,
);

/** The WHATWG URL parser of browsers and Node alike (this package's compiler settings name neither). */
declare const URL: new (input: string) => { hostname: string; origin: string };

/**
 * A web origin as browsers send it in `Origin`: `http(s)://host[:port]`, lower-case, default port
 * dropped; `null` for anything else — a path, a query, credentials, a wildcard (`*` would let any page
 * use a partner's token), another scheme, or the literal `null` of sandboxed pages.
 */
export function normalizeOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[^/\\?#*@\s]+\/?$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.hostname ? url.origin : null;
  } catch {
    return null;
  }
}

export const partnerOriginRule = v.pipe(
  v.string(m.partnerKeyOriginInvalid),
  v.maxLength(ORIGIN_MAX_LENGTH, m.partnerKeyOriginInvalid),
  v.check((value) => normalizeOrigin(value) !== null, m.partnerKeyOriginInvalid),
  v.transform((value) => normalizeOrigin(value) as string),
);

/** One or more origins, each normalised, duplicates dropped. */
export const partnerOriginsRule = v.pipe(
  v.array(partnerOriginRule, m.partnerKeyOriginsRequired),
  v.minLength(1, m.partnerKeyOriginsRequired),
  v.maxLength(PARTNER_KEY_MAX_ORIGINS, m.partnerKeyOriginsTooMany),
  v.transform((origins) => [...new Set(origins)]),
);

export const partnerKeyAccessRule = v.picklist(PARTNER_KEY_ACCESS, m.partnerKeyAccessInvalid);
