/** User-visible text of the shared widgets (spec wording where the spec gives it). */
export const uiMessages = {
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  previousPage: 'Anterior',
  nextPage: 'Próximo',
  pagination: 'Paginação',
  cancel: 'Cancelar',
  delete: 'Excluir',
  close: 'Fechar',
  deleteTitle: (entity: string) => `Excluir ${entity}`,
  /** The spec's sentence, spelled out per entity so each wording can be found (and translated) as a whole. */
  deleteConfirmation: (entity: 'Usuário' | 'Empresa', name: string) =>
    entity === 'Usuário'
      ? `Tem certeza que deseja excluir Usuário "${name}"? Esta ação não pode ser desfeita.`
      : `Tem certeza que deseja excluir Empresa "${name}"? Esta ação não pode ser desfeita.`,
  retry: 'Tentar novamente',
  /** The order of a list on a phone, where there are no column headers to click. */
  sortBy: 'Ordenar por',
  sortOption: (column: string, descending: boolean) => `${column} (${descending ? 'decrescente' : 'crescente'})`,
  errorTitle: 'Algo deu errado',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  logoLabel: 'Back Office',
  /** API details the product says in Portuguese (spec §8); any other detail shows as the API wrote it. */
  incorrectEmailOrPassword: 'E-mail ou senha incorretos.',
  inactiveUser: 'Usuário inativo.',
  signupDisabled: 'O cadastro de novas contas está desativado. Peça uma conta a um administrador.',
  invalidEmailChangeToken: 'Este link é inválido, expirou ou já foi usado.',
} as const;
