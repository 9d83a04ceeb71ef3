/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  loginTitle: 'Entrar',
  signupTitle: 'Sign Up',
  recoverPasswordTitle: 'Recuperar senha',
  resetPasswordTitle: 'Redefinir senha',
  comingSoon: 'Esta área está em construção.',
} as const;
