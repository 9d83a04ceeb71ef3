import type { IconType } from 'react-icons';
import { prefetchRemotePage, prefetchWhenIdle } from '../federation/prefetch';
import { getRegistry, remotePageId } from '../federation/registry';
import { loadAheadWhenSettled } from '../idle';
import { messages } from '../messages';
import { SCREEN_ICON_COMPONENTS } from './screen-icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconType;
  /** The remote page it opens (`remote_<name>/<Expose>`); none for the shell's dashboard. */
  page?: string;
}

/** The shell's own entry, first in the menu (spec §2). */
const HOME: NavItem = { to: '/', label: messages.nav.home, icon: SCREEN_ICON_COMPONENTS.home };

/**
 * The user's menu: Início, then every screen with a menu entry in the registry, by its order; a
 * super-user screen's entry only for super users (spec §6). The areas declare their entries.
 */
export function navItemsFor(user: { is_superuser: boolean }): NavItem[] {
  const entries = getRegistry()
    .screens.filter((screen) => screen.menu && (screen.access !== 'superuser' || user.is_superuser))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  return [
    HOME,
    ...entries.map((screen) => ({
      to: screen.path,
      label: screen.menu?.label ?? screen.title,
      icon: SCREEN_ICON_COMPONENTS[screen.menu?.icon ?? 'box'],
      page: remotePageId(screen),
    })),
  ];
}

/** Loads an entry's page ahead of a click (hover, focus). */
export function prefetchNavItem(item: NavItem): void {
  if (item.page) void prefetchRemotePage(item.page);
}

/** Loads every page of the user's menu, one at a time, once the page in use is settled and the browser idle. */
export function prefetchMenuWhenIdle(user: { is_superuser: boolean }): void {
  loadAheadWhenSettled(() => prefetchWhenIdle(navItemsFor(user).flatMap((item) => item.page ?? [])));
}
