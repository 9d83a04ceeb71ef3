import { AUDIT_ENTITY_TYPES } from '@backoffice/contracts';
import { defineRemote, expose } from '@backoffice/remote-contract';
import { ACTIVITY_PATH, ADMIN_PATH, USER_HISTORY_PATH } from './paths';

/**
 * The screens this area provides: the shell's route and menu entry and the server's first-screen
 * files are derived from this declaration, which the build ships as `remote.json`. The build reads
 * this file in Node, so its texts are written here rather than in messages.ts (browser code).
 */
export default defineRemote({
  name: 'admin',
  exposes: {
    AdminPage: expose<typeof import('./pages/AdminPage')>('./pages/AdminPage'),
    ActivityPage: expose<typeof import('./pages/ActivityPage')>('./pages/ActivityPage'),
    UserHistoryPage: expose<typeof import('./pages/UserHistoryPage')>('./pages/UserHistoryPage'),
  },
  screens: [
    {
      path: ADMIN_PATH,
      expose: 'AdminPage',
      title: 'Usuários',
      // Spec §6: only super users see the entry; the page itself tells others they may not (NoPermission).
      access: 'superuser',
      menu: { label: 'Usuários', icon: 'users', order: 20 },
      // The list's first page (10 users) for the URL's `page`, asked for as soon as the page arrives — once the
      // user is known to be a super user (test/admin-page.test.tsx keeps it the page's own request).
      firstData: { list: '/users/', pageSize: 10 },
    },
    {
      // The activity list (issue 27), opened from Usuários; no menu entry of its own (spec §2's menu).
      path: ACTIVITY_PATH,
      expose: 'ActivityPage',
      title: 'Atividade',
      access: 'superuser',
      // The newest events for the URL's filters, once the visitor is known to be a super user; not with a
      // period, whose days the page turns into instants where the person is (test/activity-page.test.tsx
      // keeps it the page's own request).
      firstData: {
        list: '/audit-events',
        params: ['actor_id', 'action', 'entity_type', 'entity_id'],
        values: { entity_type: [...AUDIT_ENTITY_TYPES] },
        pageOnly: ['from', 'to'],
      },
    },
    {
      // One user's history (issue 27), opened from the e-mail in Usuários and from the activity list.
      path: USER_HISTORY_PATH,
      expose: 'UserHistoryPage',
      title: 'Histórico do usuário',
      access: 'superuser',
      // The user and their history, asked for once the visitor is known to be a super user
      // (test/user-history-page.test.tsx keeps them the page's own requests).
      firstData: { get: ['/users/:id', '/users/:id/history'] },
    },
  ],
});
