/**
 * The `detail` texts of the API's error answers, defined once: the server answers with them, and a
 * client that says something else for one of them (the login screen, in Portuguese) recognises it by
 * these constants instead of retyping the text. Wording follows the FastAPI full-stack template
 * (DESIGN §5), including its three spellings of "this e-mail is taken".
 */
export const apiErrors = {
  /* authentication and authorisation */
  notAuthenticated: 'Not authenticated',
  invalidCredentials: 'Could not validate credentials',
  notEnoughPrivileges: "The user doesn't have enough privileges",
  inactiveUser: 'Inactive user',
  /* login and password */
  incorrectEmailOrPassword: 'Incorrect email or password',
  incorrectPassword: 'Incorrect password',
  samePassword: 'New password cannot be the same as the current one',
  invalidResetToken: 'Invalid token',
  invalidEmailChangeToken: 'This link is invalid, has expired or was already used',
  /* users */
  userNotFound: 'User not found',
  userIdNotFound: 'The user with this id does not exist in the system',
  userEmailNotFound: 'The user with this email does not exist in the system.',
  emailTakenOnCreate: 'The user with this email already exists in the system.',
  emailTakenOnSignup: 'The user with this email already exists in the system',
  emailTakenOnUpdate: 'User with this email already exists',
  superuserDeletesSelf: 'Super users are not allowed to delete themselves',
  lastActiveSuperuser: 'The last active super user cannot be demoted or deactivated',
  signupDisabled: 'Sign-up is disabled on this server: ask an administrator for an account',
  /* companies */
  companyNotFound: 'Empresa não encontrada',
  taxIdTaken: 'Já existe uma empresa com este CNPJ',
  /* partner keys and embed tokens */
  partnerKeyNotFound: 'Partner key not found',
  invalidPartnerKey: 'Invalid or revoked partner key',
  embedTokenOutOfScope: 'An embed token is valid only for the companies endpoints',
  embedTokenReadOnly: "This embed token is read-only: its partner key's access is read",
  embedTokenNoOrigin:
    "An embed token is accepted only from a browser page on one of its partner key's origins (the request has no Origin header)",
  embedTokenOriginRefused: "This embed token is not valid from this origin: it is not one of its partner key's origins",
} as const;

export type ApiErrorDetail = (typeof apiErrors)[keyof typeof apiErrors];
