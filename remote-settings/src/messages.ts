/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  settingsPageTitle: 'Configurações',
  comingSoon: 'Esta área está em construção.',
} as const;
