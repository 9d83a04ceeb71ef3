import type { UserPublic } from '@backoffice/contracts';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { type ComponentType, memo, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { FiUser } from 'react-icons/fi';
import { loadAheadWhenSettled } from '../idle';
import { messages } from '../messages';
import type { UserMenuPopupProps } from './UserMenuPopup';

/** The button that opens the user menu: the person's name, or e-mail. */
export function UserMenuButton({
  user,
  ref,
  ...props
}: ButtonProps & { user: UserPublic; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button ref={ref} variant="ghost" colorPalette="gray" size="sm" aria-label={messages.userMenu} gap="2" {...props}>
      <FiUser aria-hidden />
      <Text as="span" maxW="48" truncate>
        {user.full_name || user.email}
      </Text>
    </Button>
  );
}

const loadPopup = () => import('./UserMenuPopup');

/**
 * Desktop top-right user menu: `Meu perfil` (→ /settings) and Log out (spec §2). The menu's code (zag's
 * menu, floating-ui: ~20 KB gzip) is not needed for the page to show, so the frame first renders the
 * button alone and loads the menu once the page is settled and the browser idle, or at once when the
 * person points at, focuses or presses the button; a press made before the code is there opens the menu
 * when it arrives.
 * The button is replaced once, when the code is there (not while it loads, so no press is lost).
 * Memoised: nothing in it changes when the page does.
 */
export const UserMenu = memo(function UserMenu({ user }: { user: UserPublic }) {
  const [Popup, setPopup] = useState<ComponentType<UserMenuPopupProps>>();
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const standInFocused = useRef(false);
  const load = useCallback(() => {
    void loadPopup().then((module) => setPopup(() => module.default));
  }, []);
  useEffect(() => loadAheadWhenSettled(load), [load]);

  if (Popup) return <Popup user={user} openAtOnce={openAtOnce} takeFocus={() => standInFocused.current} />;
  return (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        standInFocused.current = true;
        load();
      }}
      onBlur={(event) => {
        // Focus moved on (a removed button blurs towards nothing: that is the swap, not the person).
        if (event.relatedTarget) standInFocused.current = false;
      }}
      onClick={() => {
        setOpenAtOnce(true);
        load();
      }}
    />
  );
});
