/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  settingsPageTitle: 'Configurações',
  tabsLabel: 'Seções das configurações',
  tabs: {
    profile: 'Meu Perfil',
    password: 'Senha',
    appearance: 'Aparência',
  },
  profile: {
    heading: 'Informações do usuário',
    fullName: 'Full name',
    email: 'Email',
    noFullName: 'N/A',
    edit: 'Editar',
    save: 'Salvar',
    cancel: 'Cancel',
    updated: 'User updated successfully.',
  },
  password: {
    heading: 'Alterar senha',
    current: 'Senha atual',
    new: 'Nova senha',
    confirm: 'Confirmar nova senha',
    save: 'Salvar',
    currentRequired: 'Senha atual é obrigatória',
    confirmRequired: 'Confirmação de senha é obrigatória',
    doNotMatch: 'A senha não confere',
    successTitle: 'Success!',
    successText: 'Senha alterada com sucesso.',
  },
  appearance: {
    heading: 'Aparência',
    label: 'Tema',
    light: 'Light Mode',
    dark: 'Dark Mode',
    default: 'Default',
  },
} as const;
