import { uiMessages, useOpenedOnce } from '@backoffice/ui';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export interface DiscardChangesDialogProps {
  open: boolean;
  /** Throw the changes away (and do what was asked: close the dialog, leave the page). */
  onDiscard: () => void;
  /** Back to the form, as it was. */
  onKeepEditing: () => void;
}

/**
 * "Descartar alterações?" — asked before a half-filled form is thrown away by anything but its own
 * Cancel (issue 28: Escape or a click outside lost a form without a word). Continuar editando comes
 * first and takes the focus, so a second stray Escape or Enter loses nothing either.
 */
export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog.Root
      role="alertdialog"
      lazyMount
      unmountOnExit
      open={open}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onKeepEditing();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{uiMessages.discardTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{uiMessages.discardText}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="subtle" colorPalette="gray" onClick={onKeepEditing}>
                {uiMessages.keepEditing}
              </Button>
              <Button colorPalette="red" onClick={onDiscard}>
                {uiMessages.discard}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * While `hasChanges()` says so, leaving the page asks first: a link or Back inside the app shows
 * `DiscardChangesDialog` (render the returned element), closing or reloading the tab gets the
 * browser's own question. `hasChanges` is read at the moment of leaving, so it may read a ref.
 */
export function useLeaveGuard(hasChanges: () => boolean) {
  const latest = useRef(hasChanges);
  latest.current = hasChanges;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && latest.current(),
  );
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Chromium before 119 asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onDiscard={() => blocker.proceed?.()}
      onKeepEditing={() => blocker.reset?.()}
    />
  );
}
