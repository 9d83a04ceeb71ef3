/** The account routes (spec §2); `/` is where a logged-in user belongs. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  recoverPassword: '/recover-password',
  resetPassword: '/reset-password',
  /** The link mailed to the old address after an e-mail change; open whether or not someone is logged in. */
  revertEmailChange: '/revert-email-change',
} as const;
