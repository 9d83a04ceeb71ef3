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
  /** Asked before a half-filled form is thrown away (Escape, a click outside, Fechar, leaving the page). */
  discardTitle: 'Descartar alterações?',
  discardText: 'O que você preencheu ainda não foi salvo e será perdido.',
  discard: 'Descartar',
  keepEditing: 'Continuar editando',
  deleteTitle: (entity: string) => `Excluir ${entity}`,
  /** The spec's sentence, spelled out per entity so each wording can be found (and translated) as a whole. */
  deleteConfirmation: (entity: 'Usuário' | 'Empresa', name: string) =>
    entity === 'Usuário'
      ? `Tem certeza que deseja excluir Usuário "${name}"? Esta ação não pode ser desfeita.`
      : `Tem certeza que deseja excluir Empresa "${name}"? Esta ação não pode ser desfeita.`,
  retry: 'Tentar novamente',
  /** A list read in keyset pages (the activity, a history): its next page, and how many rows it shows. */
  loadMore: 'Carregar mais',
  loadMoreFailed: 'Não foi possível carregar mais.',
  showing: (count: string) => `Mostrando ${count}`,
  /** Names every loading indicator (a `status`): a spinner or a placeholder says what it stands for. */
  loading: 'Carregando…',
  /** On a phone a list's filters fold behind this button, which counts the ones in use. */
  filters: 'Filtros',
  filtersInUse: (count: number) => (count === 1 ? '1 filtro em uso' : `${count} filtros em uso`),
  /** The order of a list on a phone, where there are no column headers to click. */
  sortBy: 'Ordenar por',
  sortOption: (column: string, descending: boolean) => `${column} (${descending ? 'decrescente' : 'crescente'})`,
  errorTitle: 'Algo deu errado',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  logoLabel: 'Back Office',
  /** A remote's standalone page (its team's `rsbuild dev`), signing in against the real API. */
  standalone: {
    title: (area: string) => `Entrar para usar ${area}`,
    intro: 'Execução isolada desta área, com o login e os dados do servidor da API.',
    email: 'E-mail',
    password: 'Senha',
    submit: 'Entrar',
  },
  /**
   * What a person reads for each detail the API answers (its `detail` stays English for clients):
   * the spec's own words where it gives them (§8), Portuguese for the rest. Keyed like `apiErrors`.
   */
  apiDetails: {
    notAuthenticated: 'Sua sessão terminou. Entre novamente.',
    invalidCredentials: 'Sua sessão terminou. Entre novamente.',
    notEnoughPrivileges: 'Você não tem permissão para fazer isso.',
    inactiveUser: 'Usuário inativo.',
    incorrectEmailOrPassword: 'E-mail ou senha incorretos.',
    incorrectPassword: 'A senha atual está incorreta.',
    samePassword: 'A nova senha não pode ser igual à atual.',
    invalidResetToken: 'Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo link.',
    userNotFound: 'Usuário não encontrado.',
    userIdNotFound: 'Usuário não encontrado.',
    userEmailNotFound: 'O usuário com este email não existe no sistema.',
    emailTakenOnCreate: 'Já existe um usuário com este e-mail.',
    emailTakenOnSignup: 'Já existe um usuário com este e-mail.',
    emailTakenOnUpdate: 'Já existe um usuário com este e-mail.',
    superuserDeletesSelf: 'Um superusuário não pode excluir a própria conta.',
    lastActiveSuperuser: 'O último superusuário ativo não pode deixar de ser superusuário nem ser desativado.',
    signupDisabled: 'O cadastro está desativado neste servidor: peça uma conta a um administrador.',
    companyNotFound: 'Empresa não encontrada',
    taxIdTaken: 'Já existe uma empresa com este CNPJ',
    companyNotDeleted: 'Esta empresa não está excluída: não há o que restaurar.',
    restoreTaxIdTaken:
      'Não é possível restaurar: o CNPJ desta empresa foi cadastrado em outra empresa depois da exclusão.',
    bulkCompanyNotFound: 'Uma das empresas selecionadas não existe mais (pode ter sido excluída): nada foi alterado.',
    notForEmbedTokens: 'Esta ação precisa de uma pessoa conectada ao Back Office.',
    importNotCsv: 'Envie um arquivo CSV.',
    importEmpty: 'O arquivo está vazio.',
    importTooLarge: 'O arquivo passa do tamanho máximo de 64 MB.',
    importHeaderMissing:
      'Cabeçalho não reconhecido: a primeira linha deve ter as colunas Nome Fantasia, Razão Social, CNPJ e Tipo (Situação é opcional).',
    partnerKeyNotFound: 'Chave de parceiro não encontrada.',
    invalidPartnerKey: 'Chave de parceiro inválida ou revogada.',
    embedTokenOutOfScope: 'Este acesso de parceiro vale apenas para as empresas.',
    embedTokenReadOnly: 'Este acesso de parceiro é somente leitura.',
    embedTokenNoOrigin: 'Este acesso de parceiro só vale no site do parceiro.',
    embedTokenOriginRefused: 'Este acesso de parceiro não vale neste site.',
    databaseUnavailable: 'O banco de dados está indisponível no momento. Tente novamente em alguns segundos.',
    invalidEmailChangeToken: 'Este link é inválido, expirou ou já foi usado.',
    remoteNotFound: 'Esta área não tem versão promovida.',
    invalidReleaseVersion:
      'Uma versão tem de 1 a 64 letras, dígitos, pontos, hífens ou sublinhados e começa por um dígito (1.4.0, 2024.06.01-2).',
    canaryWithoutAudience: 'Um canário precisa de uma porcentagem acima de 0 ou de pelo menos um usuário.',
    noShellForGate:
      'Nenhum shell está promovido (nem construído neste servidor) para verificar a versão: publique e promova o shell primeiro.',
    deployKeyNotFound: 'Chave de implantação não encontrada.',
    deployKeyOutOfScope: 'Esta chave de implantação é de outra área.',
    statementTimeout: 'A consulta demorou demais e foi interrompida. Tente novamente ou refine a busca.',
  },
  tooManyRequests: (seconds: number) =>
    seconds === 1
      ? 'Muitas tentativas. Tente novamente em 1 segundo.'
      : `Muitas tentativas. Tente novamente em ${seconds} segundos.`,
  /** A refused request whose fields the API could not accept, in words the screen did not foresee. */
  invalidRequest: 'Os dados enviados não foram aceitos. Revise os campos e tente novamente.',
} as const;
