import type { UserPublic } from '@backoffice/contracts';
import { Logo } from '@backoffice/ui';
import { Box } from '@chakra-ui/react/box';
import { CloseButton, IconButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Flex } from '@chakra-ui/react/flex';
import { Portal } from '@chakra-ui/react/portal';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { FiMenu } from 'react-icons/fi';
import { messages } from '../messages';
import { SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_WIDTH_PX } from './dimensions';
import { prefetchMenuWhenIdle } from './nav-items';
import { SidebarContent } from './Sidebar';
import { UserMenu } from './UserMenu';

const COLLAPSED_STORAGE_KEY = 'sidebar_collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The page frame: sidebar (desktop) or drawer (mobile), top bar with the user menu, and the page. */
export function AppFrame({ user, children }: { user: UserPublic; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isSuperUser = user.is_superuser;
  // Once the page in use is settled, the other areas of the menu load in the background.
  useEffect(() => prefetchMenuWhenIdle({ is_superuser: isSuperUser }), [isSuperUser]);

  // Stable callbacks: the sidebar is memoised and must not re-render at every navigation.
  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(COLLAPSED_STORAGE_KEY, String(next));
      } catch {
        // Not persisting the menu width is harmless.
      }
      return next;
    });
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <Flex minH="100vh" bg="bg">
      <Box
        as="aside"
        data-testid="sidebar"
        display={{ base: 'none', md: 'block' }}
        w={`${collapsed ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_WIDTH_PX}px`}
        flexShrink={0}
        borderRightWidth="1px"
        bg="bg.subtle"
        position="sticky"
        top="0"
        h="100vh"
        transition="width 0.2s"
      >
        <SidebarContent user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
      </Box>

      {/* The drawer's copy of the menu exists only while the drawer is open. */}
      <Drawer.Root
        lazyMount
        unmountOnExit
        open={drawerOpen}
        onOpenChange={(details) => setDrawerOpen(details.open)}
        placement="start"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${SIDEBAR_WIDTH_PX}px`} aria-label={messages.nav.label}>
              <Drawer.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
                <CloseButton size="sm" aria-label={messages.closeMenu} />
              </Drawer.CloseTrigger>
              <SidebarContent user={user} onNavigate={closeDrawer} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" align="center" justify="space-between" gap="2" px="4" h="14" borderBottomWidth="1px">
          <Flex align="center" gap="2" display={{ base: 'flex', md: 'none' }}>
            <IconButton
              variant="ghost"
              colorPalette="gray"
              aria-label={messages.openMenu}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <FiMenu />
            </IconButton>
            <Logo height={28} />
          </Flex>
          <Box flex="1" />
          <Box display={{ base: 'none', md: 'block' }}>
            <UserMenu user={user} />
          </Box>
        </Flex>
        <Box as="main" flex="1" minW="0">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
