import { defineRemote, expose } from '@backoffice/remote-contract';

/**
 * The screens this area provides (spec §2's account pages): the shell's routes and the server's
 * first-screen files are derived from this declaration, which the build ships as `remote.json`.
 * The build reads this file in Node, so its texts are written here rather than in messages.ts (whose
 * imports are browser code).
 */
export default defineRemote({
  name: 'auth',
  exposes: {
    Login: expose<typeof import('./pages/Login')>('./pages/Login'),
    Signup: expose<typeof import('./pages/Signup')>('./pages/Signup'),
    RecoverPassword: expose<typeof import('./pages/RecoverPassword')>('./pages/RecoverPassword'),
    ResetPassword: expose<typeof import('./pages/ResetPassword')>('./pages/ResetPassword'),
    RevertEmailChange: expose<typeof import('./pages/RevertEmailChange')>('./pages/RevertEmailChange'),
  },
  screens: [
    { path: '/login', expose: 'Login', title: 'Entrar', access: 'public' },
    { path: '/signup', expose: 'Signup', title: 'Criar conta', access: 'public' },
    { path: '/recover-password', expose: 'RecoverPassword', title: 'Recuperar senha', access: 'public' },
    { path: '/reset-password', expose: 'ResetPassword', title: 'Redefinir senha', access: 'public' },
    // The link mailed to the old address after an e-mail change: for whoever holds it, signed in or not.
    {
      path: '/revert-email-change',
      expose: 'RevertEmailChange',
      title: 'Desfazer alteração de e-mail',
      access: 'anyone',
    },
  ],
});
