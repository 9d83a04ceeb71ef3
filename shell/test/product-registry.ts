import type { RegistryScreen } from '@backoffice/contracts';
import { setRegistry } from '../src/federation/registry';
import { createRoutes } from '../src/routes/router';

/** The companies list as `remote-companies/src/remote.ts` declares it. */
export const COMPANIES_SCREEN: RegistryScreen = {
  remote: 'companies',
  path: '/companies',
  expose: 'CompaniesPage',
  title: 'Empresas',
  access: 'signed-in',
  menu: { label: 'Empresas', icon: 'briefcase', order: 10 },
};

/**
 * The screens the product's four areas declare (their `src/remote.ts`), as the registry gives them:
 * the shell's tests run against the registry a page gets, not against routes of their own.
 */
export const PRODUCT_SCREENS: RegistryScreen[] = [
  { remote: 'auth', path: '/login', expose: 'Login', title: 'Entrar', access: 'public' },
  { remote: 'auth', path: '/signup', expose: 'Signup', title: 'Criar conta', access: 'public' },
  { remote: 'auth', path: '/recover-password', expose: 'RecoverPassword', title: 'Recuperar senha', access: 'public' },
  { remote: 'auth', path: '/reset-password', expose: 'ResetPassword', title: 'Redefinir senha', access: 'public' },
  COMPANIES_SCREEN,
  {
    remote: 'admin',
    path: '/admin',
    expose: 'AdminPage',
    title: 'Usuários',
    access: 'superuser',
    menu: { label: 'Usuários', icon: 'users', order: 20 },
  },
  {
    remote: 'settings',
    path: '/settings',
    expose: 'SettingsPage',
    title: 'Configurações',
    access: 'signed-in',
    menu: { label: 'Configurações', icon: 'settings', order: 30 },
    slot: 'profile',
  },
];

/** Sets the registry the app runs with to these screens (and more), and answers the routes built from it. */
export function productRoutes(extra: RegistryScreen[] = []) {
  const screens = [...PRODUCT_SCREENS, ...extra];
  setRegistry({ entries: {}, screens, overrides: [] });
  return createRoutes({ screens });
}
