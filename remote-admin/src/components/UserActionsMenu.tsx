import type { UserPublic } from '@backoffice/contracts';
import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { FiEdit, FiMoreVertical, FiTrash2 } from 'react-icons/fi';
import { messages } from '../messages';

export interface UserActionsMenuProps {
  user: UserPublic;
  /** The signed-in user's own row: the menu cannot be opened (spec §6). */
  isCurrentUser: boolean;
  onEdit: (user: UserPublic) => void;
  onDelete: (user: UserPublic) => void;
}

export function UserActionsMenu({ user, isCurrentUser, onEdit, onDelete }: UserActionsMenuProps) {
  if (isCurrentUser) {
    return (
      <IconButton
        variant="ghost"
        colorPalette="gray"
        size="sm"
        disabled
        aria-label={messages.actionsFor(user.email)}
        title={messages.ownActionsDisabled}
      >
        <FiMoreVertical aria-hidden />
      </IconButton>
    );
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" colorPalette="gray" size="sm" aria-label={messages.actionsFor(user.email)}>
          <FiMoreVertical aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.Item value="edit" onSelect={() => onEdit(user)}>
              <FiEdit aria-hidden />
              {messages.editUser}
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" onSelect={() => onDelete(user)}>
              <FiTrash2 aria-hidden />
              {messages.deleteUser}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
