/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  companiesPageTitle: 'Gestão de Empresas',
  comingSoon: 'Esta área está em construção.',
} as const;
