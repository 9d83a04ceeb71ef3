import { useState } from 'react';

/**
 * Whether a dialog has been opened at least once: render it from then on, not before. A closed
 * Chakra dialog is not free — its root starts a state machine and its portal, backdrop and
 * positioner compute their styles — and a list screen that renders its create and delete dialogs
 * closed pays for them in every first render and navigation. Once opened it stays mounted, so it
 * closes with its animation and gives the focus back as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived during render (React's pattern for state that follows a prop): no render of the closed dialog.
  if (open && !opened) setOpened(true);
  return opened || open;
}
