import { defineRemote, expose } from '@backoffice/remote-contract';

/**
 * The screens this area provides: the shell's route and menu entry and the server's first-screen
 * files are derived from this declaration, which the build ships as `remote.json`. The build reads
 * this file in Node, so its texts are written here rather than in messages.ts (browser code).
 */
export default defineRemote({
  name: 'settings',
  exposes: {
    SettingsPage: expose<typeof import('./pages/SettingsPage')>('./pages/SettingsPage'),
  },
  screens: [
    {
      path: '/settings',
      expose: 'SettingsPage',
      title: 'Configurações',
      access: 'signed-in',
      // Spec §2: the menu's last entry; the user menu's "Meu perfil" opens it too.
      menu: { label: 'Configurações', icon: 'settings', order: 30 },
      slot: 'profile',
    },
  ],
});
