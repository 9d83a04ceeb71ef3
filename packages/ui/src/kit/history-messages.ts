/**
 * The words of the history (issue 27) that every area shows it with: a company's page, a user's
 * history, the activity list. Kept in the kit rather than in `uiMessages` (the shell's singleton), so
 * a first screen without a history does not carry them.
 */
export const historyMessages = {
  title: 'Histórico',
  empty: 'Nenhuma alteração registrada.',
  /** `e-mail em 23/11/2026, 14:05`. */
  at: (who: string, when: string) => `${who} em ${when}`,
  from: (ip: string) => `de ${ip}`,
  system: 'Sistema',
  partner: (name: string) => `Portal parceiro ${name}`,
  deployKey: (name: string) => `Chave de publicação ${name}`,
  unknownActor: 'desconhecido',
  /** What was done, in the actor's voice; an action this version does not know reads `otherAction`. */
  actions: {
    'company.created': 'Cadastrou a empresa',
    'company.updated': 'Alterou',
    'company.deleted': 'Excluiu a empresa',
    'company.restored': 'Restaurou a empresa',
    'user.created': 'Criou o usuário',
    'user.updated': 'Alterou',
    'user.deleted': 'Excluiu o usuário',
    'user.login': 'Entrou',
    'user.login_failed': 'Tentou entrar sem sucesso',
    'user.password_changed': 'Alterou a senha',
    'user.password_reset': 'Redefiniu a senha',
    'release.published': 'Publicou a versão',
    'release.promoted': 'Liberou a versão para todos',
    'release.canary': 'Liberou a versão para um grupo (canary)',
    'release.canary_ended': 'Encerrou o canary',
    'release.rolled_back': 'Voltou à versão anterior',
  } as Record<string, string>,
  otherAction: 'Alteração',
  /** Why, after the action: `Cadastrou a empresa por importação de CSV`. */
  reasons: {
    import: 'por importação de CSV',
    bulk: 'em ação em lote',
    restore: 'pelo histórico',
    password_reset: 'pelo link de recuperação',
    email_change_revert: 'pelo link enviado ao e-mail anterior',
  } as Record<string, string>,
  /** The recorded fields, per entity (`company`, `user`, `release`). */
  fields: {
    company: {
      trading_name: 'Nome Fantasia',
      legal_name: 'Razão Social',
      tax_id: 'CNPJ',
      type: 'Tipo',
      is_active: 'Situação',
      created_at: 'Cadastrada em',
    },
    user: {
      email: 'E-mail',
      full_name: 'Nome completo',
      is_superuser: 'Perfil',
      is_active: 'Situação',
      password: 'Senha',
      created_at: 'Criado em',
    },
    release: {
      stable_version: 'Versão de todos',
      canary_version: 'Versão do canary',
      canary_percent: 'Parcela do canary (%)',
      canary_users: 'Usuários do canary',
    },
  } as Record<string, Record<string, string>>,
  values: {
    matriz: 'Matriz',
    filial: 'Filial',
    companyActive: 'Ativa',
    companyInactive: 'Inativa',
    userActive: 'Ativo',
    userInactive: 'Inativo',
    superuser: 'Administrador',
    ordinaryUser: 'Usuário',
    yes: 'Sim',
    no: 'Não',
  },
  change: (field: string, from: string, to: string) => `${field}: ${from} → ${to}`,
  /** A password is never recorded, only that it changed. */
  changedSecret: (field: string) => `${field}: alterada`,
  emptyValue: '(vazio)',
} as const;
