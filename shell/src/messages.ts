import { formatNumber } from '@backoffice/ui';

/** Every user-visible string of the shell (spec wording, word for word). */
export const messages = {
  appName: 'Back Office',
  nav: {
    /** The shell's own entry; the areas declare theirs (Empresas, Usuários, Configurações) in their remote.ts. */
    home: 'Início',
    label: 'Menu principal',
  },
  logout: 'Log out',
  skipToContent: 'Pular para o conteúdo',
  loggedInAs: (email: string) => `Logged in as: ${email}`,
  myProfile: 'Meu perfil',
  userMenu: 'Menu do usuário',
  collapseMenu: 'Recolher menu',
  expandMenu: 'Expandir menu',
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  loading: 'Carregando…',
  loadingPage: 'Carregando página…',
  dashboard: {
    greeting: (name: string) => `Bem-vindo(a), ${name}!`,
    defaultName: 'Usuário',
    summary: 'Aqui está um resumo do sistema',
    companiesTitle: 'Empresas',
    companiesActive: (count: number) => `${formatNumber(count)} ativas`,
    usersTitle: 'Usuários',
    usersActive: (count: number) => `${formatNumber(count)} ativos`,
    profileTitle: 'Seu Perfil',
    roleAdmin: 'Administrador',
    roleUser: 'Usuário',
    loadFailed: 'Não foi possível carregar',
  },
  notFound: {
    title: 'Página não disponível',
    text: 'Essa página ainda não está disponível',
    goBack: 'Go back',
  },
  remoteError: {
    title: 'Não foi possível carregar esta área',
    text: 'Esta parte do sistema está indisponível no momento. As outras áreas continuam funcionando.',
    /** The signed-in frame itself (menu and dashboard) failed: there is no other area to point to. */
    frameText: 'O sistema não pôde ser carregado agora. Verifique a conexão e tente novamente.',
    retry: 'Tentar novamente',
  },
  devOverride: {
    label: 'Desenvolvimento local',
    text: (remote: string, url: string) => `A área "${remote}" está sendo carregada de ${url} (desenvolvimento local).`,
    off: 'Voltar às versões publicadas',
  },
  sessionError: {
    title: 'Não foi possível carregar seus dados',
    text: 'O servidor não respondeu. Verifique a conexão e tente novamente.',
    retry: 'Tentar novamente',
  },
} as const;
