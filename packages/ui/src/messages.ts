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
  errorTitle: 'Algo deu errado',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  logoLabel: 'Back Office',
} as const;
