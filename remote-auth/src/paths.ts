/** The account routes (spec §2); `/` is where a logged-in user belongs. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  recoverPassword: '/recover-password',
  resetPassword: '/reset-password',
} as const;
