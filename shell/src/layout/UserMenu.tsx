import { logout } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { Button } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { memo } from 'react';
import { FiLogOut, FiUser } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { messages } from '../messages';

/** Desktop top-right user menu: `Meu perfil` (→ /settings) and Log out (spec §2). */
/** Memoised: nothing in it changes when the page does. */
export const UserMenu = memo(function UserMenu({ user }: { user: UserPublic }) {
  const navigate = useNavigate();
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" size="sm" aria-label={messages.userMenu} gap="2">
          <FiUser aria-hidden />
          <Text as="span" maxW="48" truncate>
            {user.full_name || user.email}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="profile" onSelect={() => navigate('/settings')}>
              <FiUser aria-hidden />
              {messages.myProfile}
            </Menu.Item>
            <Menu.Item value="logout" onSelect={() => void logout()}>
              <FiLogOut aria-hidden />
              {messages.logout}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
