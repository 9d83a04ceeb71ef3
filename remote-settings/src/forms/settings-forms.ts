import { emailRule, passwordRule, profileFullNameRule, ruleMessages, type UserPublic } from '@backoffice/contracts';
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
export const changePasswordSchema = v.pipe(
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
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.confirm_password === input.new_password,
      ruleMessages.passwordsDoNotMatch,
    ),
    ['confirm_password'],
  ),
);
export type ChangePasswordFormValues = v.InferInput<typeof changePasswordSchema>;

export const changePasswordDefaults: ChangePasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};
