import type { IconType } from 'react-icons';
import { FiBriefcase, FiHome, FiSettings, FiUsers } from 'react-icons/fi';
import { messages } from '../messages';

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
