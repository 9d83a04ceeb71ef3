import { logout } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { memo, useCallback, useEffect, useRef } from 'react';
import { FiLogOut, FiUser } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { slotPath } from '../federation/registry';
import { messages } from '../messages';
import { UserMenuButton } from './UserMenuButton';

export interface UserMenuPopupProps {
  user: UserPublic;
  /** The person already asked for the menu while its code loaded: open it now. */
  openAtOnce: boolean;
  /** Whether the stand-in button had the focus when this replaced it: then this button takes it. */
  takeFocus: () => boolean;
}

/** The user menu itself (Chakra's menu, on zag and floating-ui): loaded by UserMenu.tsx. */
export default function UserMenuPopup(props: UserMenuPopupProps) {
  // `useNavigate` reads the route's context, which is new at every navigation; the function it gives
  // is not. The menu (a state machine and its styled parts) gets the function alone, memoised, so a
  // navigation does not render it again.
  const navigate = useNavigate();
  // The screen an area declared as the profile (spec §2: the settings); none, no item.
  const profile = slotPath('profile');
  const openProfile = useCallback(() => profile && navigate(profile), [navigate, profile]);
  return <UserMenuView {...props} openProfile={profile ? openProfile : undefined} />;
}

const UserMenuView = memo(function UserMenuView({
  user,
  openAtOnce,
  takeFocus,
  openProfile,
}: UserMenuPopupProps & { openProfile: (() => void) | undefined }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Once, when this replaces the stand-in; later renders of the frame must not move the focus. An
  // open menu has the focus already (and gives it back to this button when it closes).
  const replaced = useRef({ openAtOnce, takeFocus });
  useEffect(() => {
    if (!replaced.current.openAtOnce && replaced.current.takeFocus()) trigger.current?.focus();
  }, []);
  return (
    <Menu.Root lazyMount unmountOnExit defaultOpen={openAtOnce} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <UserMenuButton ref={trigger} user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {/* onClick rather than onSelect: zag reports a pointer selection only once it has seen the
                pointer modality, which it has not when the menu opened from a press made before its
                code was loaded (see the kit's RowActionsMenu); Enter clicks too. */}
            {openProfile && (
              <Menu.Item value="profile" onClick={openProfile}>
                <FiUser aria-hidden />
                {messages.myProfile}
              </Menu.Item>
            )}
            <Menu.Item value="logout" onClick={() => void logout()}>
              <FiLogOut aria-hidden />
              {messages.logout}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
