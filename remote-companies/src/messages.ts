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
  /** On a phone the type and status filters fold behind this button. */
  filters: 'Filtros',
  filtersInUse: (count: number) => (count === 1 ? '1 filtro em uso' : `${count} filtros em uso`),
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
  embed: {
    unauthorizedTitle: 'Sessão ausente ou expirada',
    unauthorizedDescription: 'Entre novamente no portal para ver as empresas.',
  },
} as const;
