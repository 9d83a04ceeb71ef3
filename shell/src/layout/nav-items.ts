import type { IconType } from 'react-icons';
import { FiBriefcase, FiHome, FiSettings, FiUsers } from 'react-icons/fi';
import type { RemoteModuleId } from '../federation/contract';
import { prefetchRemotePage, prefetchWhenIdle, remotePageFor } from '../federation/prefetch';
import { loadAheadWhenSettled } from '../idle';
import { messages } from '../messages';
import { routes } from '../routes/router';

export interface NavItem {
  to: string;
  label: string;
  icon: IconType;
  /** Only super users see it (spec §6). */
  superUserOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: messages.nav.home, icon: FiHome },
  { to: '/companies', label: messages.nav.companies, icon: FiBriefcase },
  { to: '/admin', label: messages.nav.users, icon: FiUsers, superUserOnly: true },
  { to: '/settings', label: messages.nav.settings, icon: FiSettings },
];

export function navItemsFor(user: { is_superuser: boolean }): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.superUserOnly || user.is_superuser);
}

/** The remote page a menu entry opens (from the route table), if any. */
export function remotePageOf(item: NavItem): RemoteModuleId | undefined {
  return remotePageFor(routes, item.to);
}

/** Loads an entry's page ahead of a click (hover, focus). */
export function prefetchNavItem(item: NavItem): void {
  const page = remotePageOf(item);
  if (page) void prefetchRemotePage(page);
}

/** Loads every page of the user's menu, one at a time, once the page in use is settled and the browser idle. */
export function prefetchMenuWhenIdle(user: { is_superuser: boolean }): void {
  loadAheadWhenSettled(() => prefetchWhenIdle(navItemsFor(user).flatMap((item) => remotePageOf(item) ?? [])));
}
