import { formatNumber } from '@backoffice/ui';

/** Every user-visible string of this area (spec wording), so a translation touches one file. */
export const messages = {
  companiesPageTitle: 'Gestão de Empresas',
  addCompany: 'Adicionar Empresa',
  searchPlaceholder: 'Buscar por nome, razão social ou CNPJ',
  typeFilterLabel: 'Tipo',
  typeFilterAll: 'Todos',
  statusFilterLabel: 'Situação',
  statusFilterAll: 'Todas',
  statusActive: 'Ativas',
  statusInactive: 'Inativas',
  defaultSort: 'Mais recentes',
  typeOption: { matriz: 'Matriz', filial: 'Filial' },
  typeBadge: { matriz: 'MATRIZ', filial: 'FILIAL' },
  columns: {
    tradingName: 'Nome Fantasia',
    legalName: 'Razão Social',
    taxId: 'CNPJ',
    type: 'Tipo',
    actions: 'Ações',
  },
  tableCaption: 'Empresas cadastradas',
  /** The total under the title: `1 empresa`, `12 empresas`, `mais de 10.000 empresas`. */
  totalNoun: { one: 'empresa', other: 'empresas' },
  actionsFor: (tradingName: string) => `Ações para ${tradingName}`,
  edit: 'Editar',
  delete: 'Excluir',
  pageLabel: (page: number) => `Página ${formatNumber(page)}`,
  emptyTitle: 'Nenhuma empresa cadastrada',
  emptyDescription: 'Adicione a primeira empresa para começar.',
  /** An embed that may only read has nothing to invite to. */
  emptyReadOnlyDescription: 'As empresas cadastradas aparecerão aqui.',
  noResultsTitle: 'Nenhuma empresa encontrada',
  noResultsDescription: 'Nenhuma empresa corresponde à busca ou ao filtro aplicado.',
  clearFilters: 'Limpar filtros',
  exportCsv: 'Exportar CSV',
  /** The export button while the file streams in: how much has arrived (the size is not known ahead). */
  exporting: (bytes: number) =>
    bytes < 1024 * 1024
      ? `Exportando… ${formatNumber(Math.round(bytes / 1024))} KB`
      : `Exportando… ${formatNumber(Math.round(bytes / (1024 * 1024)))} MB`,
  exportFailed: 'Não foi possível exportar as empresas.',
  /** The server answered the export with an error (its own text is English, or a bare status name). */
  exportServerError: 'O servidor não concluiu a exportação. Tente novamente em alguns instantes.',
  exportFileName: 'empresas.csv',
  loadErrorTitle: 'Não foi possível carregar as empresas.',
  loadErrorDescription: 'Verifique a conexão e tente novamente.',
  /** The API is on another origin and gave no answer the page may read: most likely CORS, not the network. */
  crossOriginRefused: (page: string, api: string) =>
    `O servidor ${api} não respondeu a esta página. Se ele está no ar, a origem ${page} não está autorizada: inclua-a em CORS_ORIGINS ou use uma chave de parceiro com esta origem.`,
  form: {
    createTitle: 'Adicionar Empresa',
    editTitle: 'Editar Empresa',
    tradingName: 'Nome Fantasia',
    legalName: 'Razão Social',
    taxId: 'CNPJ',
    taxIdPlaceholder: '00.000.000/0000-00',
    taxIdHelp: 'Números ou letras; a máscara é aplicada ao digitar.',
    type: 'Tipo',
    isActive: 'Empresa ativa',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
  created: 'Empresa criada com sucesso.',
  updated: 'Empresa atualizada com sucesso.',
  deleted: 'Empresa excluído(a) com sucesso.',
  deleteEntity: 'Empresa',
  /** Status at a glance: the list, the phone cards and the company page mark an inactive company. */
  inactiveBadge: 'Inativa',
  activeBadge: 'Ativa',
  /** Bulk actions on the list. */
  selectRow: (tradingName: string) => `Selecionar ${tradingName}`,
  selectPage: 'Selecionar todas desta página',
  selectedCount: (count: number) =>
    count === 1 ? '1 empresa selecionada' : `${formatNumber(count)} empresas selecionadas`,
  bulkToolbar: 'Ações para as empresas selecionadas',
  activate: 'Ativar',
  deactivate: 'Desativar',
  exportSelected: 'Exportar selecionadas',
  deleteSelected: 'Excluir selecionadas',
  clearSelection: 'Limpar seleção',
  bulkDeleteTitle: (count: number) => (count === 1 ? 'Excluir 1 empresa' : `Excluir ${formatNumber(count)} empresas`),
  bulkDeleteConfirmation: (count: number) =>
    count === 1
      ? 'Tem certeza que deseja excluir a empresa selecionada? Um administrador pode restaurá-la pelo histórico.'
      : `Tem certeza que deseja excluir as ${formatNumber(count)} empresas selecionadas? Um administrador pode restaurá-las pelo histórico.`,
  cancel: 'Cancelar',
  bulkFailed: 'Nenhuma empresa foi alterada.',
  exportSelectedFileName: 'empresas-selecionadas.csv',
  /** CSV import. */
  importCsv: 'Importar CSV',
  import: {
    title: 'Importar empresas de um CSV',
    intro:
      'Use o arquivo que o Exportar CSV gera (ou o mesmo com vírgulas), em UTF-8 ou Latin-1, com as colunas Nome Fantasia, Razão Social, CNPJ e Tipo; Situação é opcional.',
    fileLabel: 'Arquivo CSV',
    checking: 'Verificando o arquivo…',
    previewSummary: (p: { rows: number; valid: number; ignored: number; rejected: number }) =>
      `${formatNumber(p.rows)} linhas: ${formatNumber(p.valid)} serão criadas, ${formatNumber(p.ignored)} ignoradas (CNPJ já cadastrado), ${formatNumber(p.rejected)} com erro.`,
    problemsTitle: 'Linhas com erro',
    problemsTruncated: (shown: number, total: number) =>
      `Mostrando as primeiras ${formatNumber(shown)} de ${formatNumber(total)} linhas com erro.`,
    lineColumn: 'Linha',
    errorsColumn: 'Erros',
    run: (valid: number) => (valid === 1 ? 'Importar 1 empresa' : `Importar ${formatNumber(valid)} empresas`),
    nothingToImport: 'Nenhuma linha válida para importar.',
    progressLabel: 'Progresso da importação',
    progress: (processed: number, rows: number) => `${formatNumber(processed)} de ${formatNumber(rows)} linhas`,
    summaryTitle: 'Importação concluída',
    summary: (s: { created: number; ignored: number; rejected: number }) =>
      `${formatNumber(s.created)} criadas, ${formatNumber(s.ignored)} ignoradas, ${formatNumber(s.rejected)} com erro.`,
    failedTitle: 'A importação parou',
    downloadRejected: 'Baixar linhas rejeitadas',
    rejectedFileName: 'linhas-rejeitadas.csv',
    previewFailed: 'Não foi possível ler o arquivo.',
    close: 'Fechar',
    chooseAnother: 'Escolher outro arquivo',
  },
  /** The company page `/companies/:id`. */
  page: {
    back: 'Voltar para Empresas',
    details: 'Dados da empresa',
    status: 'Situação',
    createdBy: 'Cadastrada por',
    updatedBy: 'Última alteração por',
    edit: 'Editar',
    activate: 'Ativar',
    deactivate: 'Desativar',
    activated: 'Empresa ativada.',
    deactivated: 'Empresa desativada.',
    related: 'Mesma raiz de CNPJ',
    relatedRoot: (root: string) => `Raiz ${root}`,
    matriz: 'Matriz',
    filiais: (count: number) => (count === 1 ? '1 filial' : `${formatNumber(count)} filiais`),
    noMatriz: 'Nenhuma matriz cadastrada com esta raiz.',
    noFiliais: 'Nenhuma filial cadastrada com esta raiz.',
    moreFiliais: (shown: number, total: number) =>
      `Mostrando ${formatNumber(shown)} de ${formatNumber(total)} filiais.`,
    loadFailed: 'Não foi possível carregar a empresa.',
    notFoundTitle: 'Empresa não encontrada',
    notFoundDescription: 'Ela pode ter sido excluída, ou o endereço está errado.',
    deletedTitle: 'Esta empresa foi excluída',
    deletedDescription: (who: string, when: string) => `Excluída por ${who} em ${when}.`,
    restore: 'Restaurar empresa',
    restored: 'Empresa restaurada.',
    restoreOnlyAdmins: 'Só um administrador pode restaurá-la.',
  },
  embed: {
    unauthorizedTitle: 'Sessão ausente ou expirada',
    unauthorizedDescription: 'Entre novamente no portal para ver as empresas.',
  },
} as const;
