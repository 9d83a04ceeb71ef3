import type { UserPublic } from '@backoffice/contracts';
import { Logo } from '@backoffice/ui';
import { preloadTooltip } from '@backoffice/ui/tooltip';
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { lazy, type MouseEvent, memo, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { FiMenu } from 'react-icons/fi';
import { Outlet } from 'react-router-dom';
import { loadAheadWhenSettled } from '../idle';
import { messages } from '../messages';
import { SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_WIDTH_PX } from './dimensions';
import { prefetchMenuWhenIdle } from './nav-items';
import { SidebarContent } from './Sidebar';
import { UserMenu } from './UserMenu';

const NavDrawer = lazy(() => import('./NavDrawer'));

/** Where the menu's width is kept (local storage); the first-paint head script reads it too. */
export const COLLAPSED_STORAGE_KEY = 'sidebar_collapsed';
const MAIN_CONTENT_ID = 'conteudo';

/** Focuses the page itself; the URL keeps no `#` (a hash change would be a navigation to the router). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The first stop of the keyboard: hidden until focused, then at the top left over the frame. */
const SkipLink = chakra('a', {
  base: {
    position: 'absolute',
    top: '2',
    insetInlineStart: '2',
    zIndex: 'skipNav',
    paddingInline: '4',
    paddingBlock: '2',
    rounded: 'l2',
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    fontWeight: 'medium',
    transform: 'translateY(-200%)',
    _focusVisible: { transform: 'none', outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  },
});

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The page frame: sidebar (desktop) or drawer (mobile), top bar with the user menu, and the page.
 * Memoised, with the page as its own `<Outlet />` rather than a child: a navigation then renders
 * the new page and the menu's links, not the whole frame again (Chakra works out each styled
 * element's styles as it renders: the bulk of a navigation's work).
 */
export const AppFrame = memo(function AppFrame({
  user,
  children,
  collapsedAtStart,
}: {
  /** Absent while the current user could not be loaded (the menu keeps the entries every user has). */
  user?: UserPublic | undefined;
  /** Shown instead of the route's page (the frame's own error panel). */
  children?: ReactNode;
  /** The menu's width at first render; by default the person's stored choice (a prerender gives both). */
  collapsedAtStart?: boolean;
}) {
  const [collapsed, setCollapsed] = useState(() => collapsedAtStart ?? readCollapsed());
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on the first sign that it will be used (pointer, focus or press).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const isSuperUser = user?.is_superuser ?? false;
  const known = user !== undefined;
  // Once the page in use is settled, the other areas of the menu load in the background.
  useEffect(() => (known ? prefetchMenuWhenIdle({ is_superuser: isSuperUser }) : undefined), [known, isSuperUser]);
  // The collapsed menu's tooltips too, so that they answer the first hover after collapsing.
  useEffect(() => loadAheadWhenSettled(preloadTooltip), []);

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

  return (
    <Flex minH="100vh" bg="bg">
      <SkipLink href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {messages.skipToContent}
      </SkipLink>
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

      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}

      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" align="center" justify="space-between" gap="2" px="4" h="14" borderBottomWidth="1px">
          <Flex align="center" gap="2" display={{ base: 'flex', md: 'none' }}>
            <IconButton
              variant="ghost"
              colorPalette="gray"
              aria-label={messages.openMenu}
              aria-expanded={drawerOpen}
              onPointerEnter={() => setDrawerWanted(true)}
              onFocus={() => setDrawerWanted(true)}
              onClick={() => {
                setDrawerWanted(true);
                setDrawerOpen(true);
              }}
            >
              <FiMenu />
            </IconButton>
            <Logo height={28} />
          </Flex>
          <Box flex="1" />
          {user && (
            <Box display={{ base: 'none', md: 'block' }}>
              <UserMenu user={user} />
            </Box>
          )}
        </Flex>
        {/* Focusable from the skip link only: the keyboard lands on the page, past the menu. */}
        <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minW="0" outline="none">
          {children ?? <Outlet />}
        </Box>
      </Flex>
    </Flex>
  );
});
