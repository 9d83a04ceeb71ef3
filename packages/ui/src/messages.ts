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
  deleteConfirmation: (entity: string, name: string) =>
    `Tem certeza que deseja excluir ${entity} "${name}"? Esta ação não pode ser desfeita.`,
  errorTitle: 'Algo deu errado',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  logoLabel: 'Back Office',
} as const;
