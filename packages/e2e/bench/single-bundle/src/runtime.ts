import type { RemoteModuleId, RemoteModules } from '../../../../../shell/src/federation/contract';

/** Stands in for the shell's federation runtime: the pages are part of this one build. */
const pages: { [Id in RemoteModuleId]: () => Promise<RemoteModules[Id]> } = {
  'remote_auth/Login': () => import('../../../../../remote-auth/src/pages/Login'),
  'remote_auth/Signup': () => import('../../../../../remote-auth/src/pages/Signup'),
  'remote_auth/RecoverPassword': () => import('../../../../../remote-auth/src/pages/RecoverPassword'),
  'remote_auth/ResetPassword': () => import('../../../../../remote-auth/src/pages/ResetPassword'),
  'remote_companies/CompaniesPage': () => import('../../../../../remote-companies/src/pages/CompaniesPage'),
  'remote_admin/AdminPage': () => import('../../../../../remote-admin/src/pages/AdminPage'),
  'remote_settings/SettingsPage': () => import('../../../../../remote-settings/src/pages/SettingsPage'),
};

export class RemoteLoadError extends Error {}

export const remoteNameOf = (id: string) => id.split('/')[0] ?? id;

export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  return pages[id]();
}
