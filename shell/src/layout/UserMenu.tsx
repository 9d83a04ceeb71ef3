import type { UserPublic } from '@backoffice/contracts';
import { type ComponentType, memo, useCallback, useEffect, useRef, useState } from 'react';
import { loadAheadWhenSettled } from '../idle';
import { UserMenuButton } from './UserMenuButton';
import type { UserMenuPopupProps } from './UserMenuPopup';

const loadPopup = () => import('./UserMenuPopup');

/**
 * Desktop top-right user menu: `Meu perfil` (→ /settings) and Log out (spec §2). The menu's code (zag's
 * menu, floating-ui: ~20 KB gzip) is not needed for the page to show, so the frame first renders the
 * button alone and loads the menu once the page is settled and the browser idle, or at once when the
 * person points at, focuses or presses the button; a press made before the code is there opens the menu
 * when it arrives.
 * The button is replaced once, when the code is there — never in the middle of a press: a button
 * swapped between the pointer going down and coming up gets no click at all (the browser sends it to
 * neither), so a press holds the swap back until it ends, and then opens the menu.
 * Memoised: nothing in it changes when the page does.
 */
export const UserMenu = memo(function UserMenu({ user }: { user: UserPublic }) {
  const [Popup, setPopup] = useState<ComponentType<UserMenuPopupProps>>();
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const standInFocused = useRef(false);
  const loaded = useRef<ComponentType<UserMenuPopupProps>>(undefined);
  const pressing = useRef(false);
  const swapUnlessPressed = useCallback(() => {
    const component = loaded.current;
    if (component && !pressing.current) setPopup(() => component);
  }, []);
  const load = useCallback(() => {
    if (loaded.current) return swapUnlessPressed();
    void loadPopup().then((module) => {
      loaded.current = module.default;
      swapUnlessPressed();
    });
  }, [swapUnlessPressed]);
  useEffect(() => loadAheadWhenSettled(load), [load]);
  const pressEnded = () => {
    pressing.current = false;
    swapUnlessPressed();
  };

  if (Popup) return <Popup user={user} openAtOnce={openAtOnce} takeFocus={() => standInFocused.current} />;
  return (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onPointerDown={() => {
        pressing.current = true;
        load();
      }}
      // Dragged away or cancelled: no click will come, the swap may happen.
      onPointerLeave={() => pressing.current && pressEnded()}
      onPointerCancel={pressEnded}
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
        pressEnded();
      }}
    />
  );
});
