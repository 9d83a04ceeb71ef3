import type { ComponentType } from 'react';

/**
 * What each remote exposes, typed on the shell's side of the boundary. The remotes' exposes are
 * declared in `@backoffice/federation` (REMOTES); a test checks both lists agree.
 */
export interface RemotePageModule {
  default: ComponentType;
  /**
   * What the page asks for first, given its URL's search: the shell's route loader calls it as soon as
   * the module is loaded, so the page's data is on its way while the frame and the heading render.
   */
  prefetch?: (search: URLSearchParams) => void;
}

export interface RemoteModules {
  'remote_auth/Login': RemotePageModule;
  'remote_auth/Signup': RemotePageModule;
  'remote_auth/RecoverPassword': RemotePageModule;
  'remote_auth/ResetPassword': RemotePageModule;
  'remote_auth/RevertEmailChange': RemotePageModule;
  'remote_companies/CompaniesPage': RemotePageModule;
  'remote_admin/AdminPage': RemotePageModule;
  'remote_settings/SettingsPage': RemotePageModule;
}

export type RemoteModuleId = keyof RemoteModules;

export const REMOTE_MODULE_IDS: readonly RemoteModuleId[] = [
  'remote_auth/Login',
  'remote_auth/Signup',
  'remote_auth/RecoverPassword',
  'remote_auth/ResetPassword',
  'remote_auth/RevertEmailChange',
  'remote_companies/CompaniesPage',
  'remote_admin/AdminPage',
  'remote_settings/SettingsPage',
];
