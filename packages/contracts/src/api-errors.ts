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
  companyNotDeleted: 'Esta empresa não está excluída: não há o que restaurar',
  restoreTaxIdTaken:
    'Não é possível restaurar: o CNPJ desta empresa foi cadastrado em outra empresa depois da exclusão',
  bulkCompanyNotFound: 'Empresa não encontrada (pode ter sido excluída): nada foi alterado',
  notForEmbedTokens: 'An embed token cannot call this endpoint: it needs a signed-in user',
  /* CSV import */
  importNotCsv: 'Envie o arquivo CSV no corpo da requisição, com Content-Type text/csv',
  importEmpty: 'O arquivo está vazio',
  importTooLarge: 'O arquivo passa do tamanho máximo de 64 MB',
  importHeaderMissing:
    'Cabeçalho não reconhecido: a primeira linha deve ter as colunas Nome Fantasia, Razão Social, CNPJ e Tipo (Situação é opcional)',
  /* partner keys and embed tokens */
  partnerKeyNotFound: 'Partner key not found',
  invalidPartnerKey: 'Invalid or revoked partner key',
  embedTokenOutOfScope: 'An embed token is valid only for the companies endpoints',
  embedTokenReadOnly: "This embed token is read-only: its partner key's access is read",
  embedTokenNoOrigin:
    "An embed token is accepted only from a browser page on one of its partner key's origins (the request has no Origin header)",
  embedTokenOriginRefused: "This embed token is not valid from this origin: it is not one of its partner key's origins",
  /* the server itself */
  databaseUnavailable: 'The database is unavailable at the moment. Try again in a few seconds.',
  statementTimeout: 'The request took too long and was stopped. Try again, or narrow the search.',
  /* releases and deploy keys */
  remoteNotFound: 'This remote has no promoted version',
  invalidReleaseVersion:
    'A version is 1 to 64 letters, digits, dots, dashes or underscores, starting with a digit (1.4.0, 2024.06.01-2)',
  canaryWithoutAudience: 'A canary needs a percent above 0 or at least one user',
  noShellForGate:
    'No shell is promoted (and none is built on this server) to check the build against: publish and promote the shell first',
  deployKeyNotFound: 'Deploy key not found',
  deployKeyOutOfScope: 'This deploy key is for another remote',
} as const;

export type ApiErrorDetail = (typeof apiErrors)[keyof typeof apiErrors];

/** The detail of a 429: how long to wait is part of the text. */
export function tooManyRequestsDetail(retryAfterSeconds: number): string {
  return `Too many requests. Try again in ${retryAfterSeconds} seconds.`;
}

/** The wait a `tooManyRequestsDetail` names, or `undefined` for any other text. */
export function retryAfterSecondsOf(detail: string): number | undefined {
  const match = /^Too many requests\. Try again in (\d+) seconds\.$/.exec(detail);
  return match ? Number(match[1]) : undefined;
}
