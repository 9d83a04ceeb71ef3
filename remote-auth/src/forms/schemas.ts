import { EMAIL_PATTERN, emailRule, passwordRule, signupFullNameRule, withPasswordsMatch } from '@backoffice/contracts';
import * as v from 'valibot';
import { messages } from '../messages';

/**
 * An empty field shows only its "required" message; a filled one shows every error of `rule`
 * (valibot stops a pipe at the next schema once an issue exists, and the rule is a schema).
 */
function requiredThen<TRule extends v.GenericSchema<string, string>>(requiredMessage: string, rule: TRule) {
  return v.pipe(
    v.string(requiredMessage),
    v.check((value) => value.trim() !== '', requiredMessage),
    rule,
  );
}

function required(message: string) {
  return v.pipe(v.string(message), v.nonEmpty(message));
}

/** Login (spec §5): the e-mail is sent as `username`; the password is only required. */
export const loginSchema = v.object({
  username: requiredThen(
    messages.usernameRequired,
    v.pipe(v.string(), v.trim(), v.regex(EMAIL_PATTERN, messages.usernameInvalid)),
  ),
  password: required(messages.loginPasswordRequired),
});
export type LoginValues = v.InferInput<typeof loginSchema>;

/** Sign-up: full name, e-mail and password by the shared rules, and a matching confirmation. */
export const signupSchema = withPasswordsMatch(
  v.object({
    full_name: requiredThen(messages.fullNameRequired, signupFullNameRule),
    email: requiredThen(messages.emailRequired, emailRule),
    password: requiredThen(messages.passwordRequired, passwordRule),
    confirm_password: required(messages.confirmPasswordRequired),
  }),
  { password: 'password', message: messages.passwordsDoNotMatch, notGiven: [''] },
);
export type SignupValues = v.InferInput<typeof signupSchema>;

export const recoverPasswordSchema = v.object({
  email: requiredThen(messages.emailRequired, emailRule),
});
export type RecoverPasswordValues = v.InferInput<typeof recoverPasswordSchema>;

/** Reset: the new password by the shared rule and a matching confirmation. */
export const resetPasswordSchema = withPasswordsMatch(
  v.object({
    new_password: requiredThen(messages.passwordRequired, passwordRule),
    confirm_password: required(messages.confirmPasswordRequired),
  }),
  { password: 'new_password', message: messages.passwordsDoNotMatch, notGiven: [''] },
);
export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;
