/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  adminPageTitle: 'Administração de Usuários',
  comingSoon: 'Esta área está em construção.',
} as const;
