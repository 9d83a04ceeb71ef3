import { ruleMessages } from '@backoffice/contracts';

/**
 * Every user-visible string of this area (spec wording), so a translation touches one file. The
 * shared rule messages (e-mail, password, full name) come from `@backoffice/contracts`, which the
 * API validates with too.
 */
export const messages = {
  // Page titles and intros
  loginTitle: 'Entrar',
  signupTitle: 'Sign Up',
  recoverPasswordTitle: 'Recuperar senha',
  recoverPasswordIntro: 'Enviaremos um e-mail de recuperação de senha para a conta cadastrada.',
  resetPasswordTitle: 'Redefinir senha',
  resetPasswordIntro: 'Digite a nova senha e confirme-a para redefinir a sua senha.',

  // Field labels
  emailLabel: 'E-mail',
  passwordLabel: 'Senha',
  fullNameLabel: 'Nome completo',
  confirmPasswordLabel: 'Confirmar senha',
  newPasswordLabel: 'Nova senha',
  confirmNewPasswordLabel: 'Confirmar nova senha',

  // Buttons and links
  loginButton: 'Entrar',
  forgotPassword: 'Esqueceu a senha?',
  noAccount: 'Não tem uma conta?',
  signupLink: 'Cadastre-se',
  signupButton: 'Sign Up',
  haveAccount: 'Já tem uma conta?',
  loginLink: 'Entrar',
  recoverButton: 'Continuar',
  backToLogin: 'Voltar para o login',
  resetButton: 'Confirmar',

  // Validation (spec §5)
  usernameRequired: 'Username is required',
  usernameInvalid: ruleMessages.emailInvalid,
  loginPasswordRequired: 'Senha é obrigatória',
  emailRequired: ruleMessages.emailRequired,
  emailInvalid: ruleMessages.emailInvalid,
  passwordRequired: ruleMessages.passwordRequired,
  passwordTooShort: ruleMessages.passwordTooShort,
  fullNameRequired: ruleMessages.fullNameRequired,
  confirmPasswordRequired: 'Confirmação de senha é obrigatória',
  passwordsDoNotMatch: ruleMessages.passwordsDoNotMatch,

  // Errors (spec §8); the API's own details are worded by @backoffice/ui's apiErrorText
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',

  // Sign-up notices
  accountCreated: 'Account created',
  signupErrorTitle: 'Algo deu errado',
  signupErrorFallback: 'Erro ao criar conta',
  // SIGNUP_ENABLED=false: the sign-up page says so instead of offering a form the server refuses.
  signupDisabledTitle: 'Cadastro desativado',
  signupDisabledText: 'O cadastro de novas contas está desativado neste sistema. Peça uma conta a um administrador.',

  // Recovery notices
  emailSentTitle: 'Email sent',
  emailSentText: 'Nós enviamos um email com instruções para recuperar a sua senha.',
  recoverErrorTitle: 'Erro',
  recoverUserNotFound: 'O usuário com este email não existe no sistema.',

  // Reset notices
  resetSuccessTitle: 'Success!',
  resetSuccessText: 'Senha alterada com sucesso.',
  resetErrorTitle: 'Error',
  resetErrorFallback: 'Algo deu errado',
  invalidLinkTitle: 'Link inválido',
  invalidLinkText: 'Este link de redefinição de senha é inválido ou está incompleto. Peça um novo link.',
  requestNewLink: 'Pedir um novo link',
  checkingLink: 'Verificando o link…',

  // Undoing an e-mail change (the link mailed to the old address)
  revertEmailTitle: 'Desfazer alteração de e-mail',
  revertEmailIntro:
    'A sua conta voltará a usar o e-mail para onde este link foi enviado, e todas as sessões abertas serão encerradas.',
  revertEmailButton: 'Desfazer a alteração',
  revertEmailDoneTitle: 'Alteração desfeita',
  revertEmailDoneText:
    'A sua conta voltou a usar o e-mail anterior e todas as sessões foram encerradas. Entre novamente; se não souber a senha, use "Esqueceu a senha?".',
  revertEmailFailedTitle: 'Não foi possível desfazer a alteração',
  revertEmailInvalidLinkText: 'Este link está incompleto. Abra-o de novo a partir do e-mail que recebeu.',
  goToLogin: 'Ir para o login',

  // Standalone run only (the shell's dashboard stands here in the product)
  standaloneSignedIn: 'Sessão iniciada. No produto, esta é a página inicial.',
  standaloneLogout: 'Sair',
} as const;
