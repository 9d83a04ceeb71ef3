import { defineRemote, expose } from '@backoffice/remote-contract';

/**
 * The screens this area provides: the shell's route and menu entry and the server's first-screen
 * files are derived from this declaration, which the build ships as `remote.json`. The build reads
 * this file in Node, so its texts are written here rather than in messages.ts (browser code).
 */
export default defineRemote({
  name: 'admin',
  exposes: {
    AdminPage: expose<typeof import('./pages/AdminPage')>('./pages/AdminPage'),
  },
  screens: [
    {
      path: '/admin',
      expose: 'AdminPage',
      title: 'Usuários',
      // Spec §6: only super users see the entry; the page itself tells others they may not (NoPermission).
      access: 'superuser',
      menu: { label: 'Usuários', icon: 'users', order: 20 },
    },
  ],
});
