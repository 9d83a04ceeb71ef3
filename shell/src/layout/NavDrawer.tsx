import type { UserPublic } from '@backoffice/contracts';
import { CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import { useCallback } from 'react';
import { messages } from '../messages';
import { SIDEBAR_WIDTH_PX } from './dimensions';
import { SidebarContent } from './Sidebar';

export interface NavDrawerProps {
  user?: UserPublic | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The menu as a drawer, for narrow screens (loaded by AppFrame when first opened: zag's dialog and
 * focus trap are not needed on a desktop). Its copy of the menu exists only while it is open.
 */
export default function NavDrawer({ user, open, onOpenChange }: NavDrawerProps) {
  // Stable: the menu inside is memoised and must not re-render at every render of the frame.
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <Drawer.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${SIDEBAR_WIDTH_PX}px`} aria-label={messages.nav.label}>
            <Drawer.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <CloseButton size="sm" aria-label={messages.closeMenu} />
            </Drawer.CloseTrigger>
            <SidebarContent user={user} onNavigate={close} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
