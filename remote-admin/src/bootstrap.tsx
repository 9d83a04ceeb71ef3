import { mountStandaloneRemote } from '@backoffice/ui/standalone';
import remote from './remote';

// Standalone run for this area's team (`rsbuild dev`): its screens as declared, a sign-in against the
// real API at /login. The shell does not load this file.
mountStandaloneRemote(remote, {
  AdminPage: () => import('./pages/AdminPage'),
  ActivityPage: () => import('./pages/ActivityPage'),
  UserHistoryPage: () => import('./pages/UserHistoryPage'),
});
