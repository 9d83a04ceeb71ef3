import {
  emailRule,
  passwordRule,
  profileFullNameRule,
  ruleMessages,
  type UserPublic,
  withPasswordsMatch,
} from '@backoffice/contracts';
import * as v from 'valibot';
import { messages } from '../messages';

/** Meu Perfil (spec §5): full name at most 30 characters; e-mail required and well formed. */
export const profileSchema = v.object({
  full_name: profileFullNameRule,
  email: emailRule,
});
export type ProfileFormValues = v.InferInput<typeof profileSchema>;

export function profileDefaults(user: UserPublic): ProfileFormValues {
  return { full_name: user.full_name ?? '', email: user.email };
}

/** Senha (spec §5): current password, the shared password rule for the new one, a matching confirmation. */
export const changePasswordSchema = withPasswordsMatch(
  v.object({
    current_password: v.pipe(
      v.string(messages.password.currentRequired),
      v.nonEmpty(messages.password.currentRequired),
    ),
    new_password: passwordRule,
    confirm_password: v.pipe(
      v.string(messages.password.confirmRequired),
      v.nonEmpty(messages.password.confirmRequired),
    ),
  }),
  // An empty confirmation is already refused by its own rule, so the check never sees one.
  { password: 'new_password', message: ruleMessages.passwordsDoNotMatch, notGiven: [] },
);
export type ChangePasswordFormValues = v.InferInput<typeof changePasswordSchema>;

export const changePasswordDefaults: ChangePasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};
