import {
  emailRule,
  fullNameRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRule,
  ruleMessages,
  type UserCreate,
  type UserPublic,
  type UserUpdate,
  withPasswordsMatch,
} from '@backoffice/contracts';
import * as v from 'valibot';
import { messages } from '../messages';

const { confirmPasswordRequired, passwordsDoNotMatch } = messages.rules;

/** What both user dialogs edit (spec §3 User, with the form-only confirmation). */
export interface UserFormValues {
  email: string;
  full_name: string;
  password: string;
  confirm_password: string;
  is_superuser: boolean;
  is_active: boolean;
}

/** New users default in the form to non-super and inactive (spec §4). */
export const addUserDefaults: UserFormValues = {
  email: '',
  full_name: '',
  password: '',
  confirm_password: '',
  is_superuser: false,
  is_active: false,
};

/** The edit form starts from the user as stored, with no password (keep the current one). */
export function editUserDefaults(user: UserPublic): UserFormValues {
  return {
    email: user.email,
    full_name: user.full_name ?? '',
    password: '',
    confirm_password: '',
    is_superuser: user.is_superuser,
    is_active: user.is_active,
  };
}

/** Add user (spec §5): e-mail required + pattern, password required (min 8), confirmation required and equal. */
export const addUserSchema = withPasswordsMatch(
  v.object({
    email: emailRule,
    full_name: fullNameRule,
    password: passwordRule,
    confirm_password: v.pipe(v.string(confirmPasswordRequired), v.nonEmpty(confirmPasswordRequired)),
    is_superuser: v.boolean(),
    is_active: v.boolean(),
  }),
  // An empty confirmation has its own message; a mismatch is reported once something is typed.
  { password: 'password', message: passwordsDoNotMatch, notGiven: [''] },
);

/** Edit user (spec §5): the same, but the password is optional (min 8 when given). */
export const editUserSchema = v.pipe(
  withPasswordsMatch(
    v.object({
      email: emailRule,
      full_name: fullNameRule,
      password: v.pipe(
        v.string(),
        v.check((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, ruleMessages.passwordTooShort),
        v.maxLength(PASSWORD_MAX_LENGTH, ruleMessages.passwordTooLong),
      ),
      confirm_password: v.string(),
      is_superuser: v.boolean(),
      is_active: v.boolean(),
    }),
    { password: 'password', message: passwordsDoNotMatch, notGiven: [''] },
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === '' || input.confirm_password !== '',
      confirmPasswordRequired,
    ),
    ['confirm_password'],
  ),
);

/** `POST /users/` body (spec §7). */
export function toUserCreate(values: UserFormValues): UserCreate {
  return {
    email: values.email,
    full_name: values.full_name,
    password: values.password,
    confirm_password: values.confirm_password,
    is_superuser: values.is_superuser,
    is_active: values.is_active,
  };
}

/** `PATCH /users/{id}` body: the edit form, without the password when it is left empty (spec §5). */
export function toUserUpdate(values: UserFormValues): UserUpdate {
  const body: UserUpdate = {
    email: values.email,
    full_name: values.full_name,
    is_superuser: values.is_superuser,
    is_active: values.is_active,
  };
  if (values.password !== '') {
    body.password = values.password;
    body.confirm_password = values.confirm_password;
  }
  return body;
}
