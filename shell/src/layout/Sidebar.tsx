import { logout } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { Logo } from '@backoffice/ui';
import { Tooltip } from '@backoffice/ui/tooltip';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Icon } from '@chakra-ui/react/icon';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { memo } from 'react';
import { FiChevronsLeft, FiChevronsRight, FiLogOut } from 'react-icons/fi';
import { NavLink } from 'react-router-dom';
import { messages } from '../messages';
import { COLLAPSED_MENU_TOOLTIP_DELAY_MS } from './dimensions';
import { navItemsFor, prefetchNavItem } from './nav-items';

export interface SidebarContentProps {
  /** Absent while the current user could not be loaded: the entries every user has, and log out. */
  user?: UserPublic | undefined;
  /** Collapsed to icons (desktop only). */
  collapsed?: boolean;
  /** Called after a navigation or log out (the mobile drawer closes). */
  onNavigate?: () => void;
  onToggleCollapsed?: () => void;
}

/**
 * The menu's entries, log out and `Logged in as:`; used by the desktop sidebar and the mobile drawer.
 * Memoised: a navigation re-renders only its links (they follow the location themselves).
 */
export const SidebarContent = memo(function SidebarContent({
  user,
  collapsed = false,
  onNavigate,
  onToggleCollapsed,
}: SidebarContentProps) {
  const tooltipsOff = !collapsed;
  return (
    <Stack h="full" gap="2" py="4" px={collapsed ? '2' : '3'}>
      <Box px={collapsed ? '1' : '2'} pb="4" color="fg">
        <Logo height={32} markOnly={collapsed} />
      </Box>
      <Stack as="nav" aria-label={messages.nav.label} gap="1" flex="1">
        {navItemsFor({ is_superuser: user?.is_superuser ?? false }).map((item) => (
          <Tooltip
            key={item.to}
            content={item.label}
            disabled={tooltipsOff}
            openDelay={COLLAPSED_MENU_TOOLTIP_DELAY_MS}
          >
            <Button
              asChild
              variant="ghost"
              colorPalette="gray"
              justifyContent={collapsed ? 'center' : 'flex-start'}
              gap="3"
              px={collapsed ? '0' : '3'}
              _currentPage={{ bg: 'brand.solid', color: 'brand.contrast', _hover: { bg: 'brand.600' } }}
            >
              <NavLink
                to={item.to}
                end={item.to === '/'}
                aria-label={item.label}
                onClick={onNavigate}
                // The page starts loading on intent, before the click lands.
                onMouseEnter={() => prefetchNavItem(item)}
                onFocus={() => prefetchNavItem(item)}
              >
                <Icon as={item.icon} boxSize="5" aria-hidden />
                {!collapsed && <Text as="span">{item.label}</Text>}
              </NavLink>
            </Button>
          </Tooltip>
        ))}
      </Stack>
      <Stack gap="2" borderTopWidth="1px" pt="3">
        <Tooltip content={messages.logout} disabled={tooltipsOff} openDelay={COLLAPSED_MENU_TOOLTIP_DELAY_MS}>
          <Button
            variant="ghost"
            colorPalette="gray"
            justifyContent={collapsed ? 'center' : 'flex-start'}
            gap="3"
            px={collapsed ? '0' : '3'}
            aria-label={messages.logout}
            onClick={() => {
              onNavigate?.();
              void logout();
            }}
          >
            <Icon as={FiLogOut} boxSize="5" aria-hidden />
            {!collapsed && <Text as="span">{messages.logout}</Text>}
          </Button>
        </Tooltip>
        {!collapsed && user && (
          <Text fontSize="sm" color="fg.muted" px="3" truncate title={user.email}>
            {messages.loggedInAs(user.email)}
          </Text>
        )}
        {onToggleCollapsed && (
          <IconButton
            variant="ghost"
            colorPalette="gray"
            size="sm"
            alignSelf={collapsed ? 'center' : 'flex-end'}
            aria-label={collapsed ? messages.expandMenu : messages.collapseMenu}
            aria-expanded={!collapsed}
            onClick={onToggleCollapsed}
          >
            {collapsed ? <FiChevronsRight /> : <FiChevronsLeft />}
          </IconButton>
        )}
      </Stack>
    </Stack>
  );
});
