import { uiMessages } from '@backoffice/ui';
import { ConfirmDialog } from '@backoffice/ui/confirm-dialog';
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
  return (
    <ConfirmDialog
      open={open}
      title={uiMessages.discardTitle}
      text={uiMessages.discardText}
      cancelLabel={uiMessages.keepEditing}
      confirmLabel={uiMessages.discard}
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    />
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
