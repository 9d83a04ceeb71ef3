import { uiMessages, useOpenedOnce } from '@backoffice/ui';
import { DialogFrame } from '@backoffice/ui/dialog-frame';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { DiscardChangesDialog, useLeaveGuard } from './unsaved-changes.js';

export interface FormDialogProps {
  open: boolean;
  /** Closes the dialog: its Cancel calls it directly (the spec's Cancel discards without asking). */
  onClose: () => void;
  /** Where the focus goes when the dialog closes (e.g. the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
  /** The form, with its `Dialog.Header`, `Dialog.Body` and `Dialog.Footer`; it reports changes with `useFormDialogChanges`. */
  children: ReactNode;
}

const ReportChanges = createContext<(changed: boolean) => void>(() => {});

/**
 * Tells the `FormDialog` around it whether the form holds changes (react-hook-form's `isDirty`), so
 * that Escape, a click outside, Fechar or leaving the page ask before throwing them away.
 */
export function useFormDialogChanges(changed: boolean): void {
  const report = useContext(ReportChanges);
  useEffect(() => report(changed), [report, changed]);
  useEffect(() => () => report(false), [report]);
}

/** Mounted only while a dialog is open: a router keeps one blocker at a time, and a list has several dialogs. */
function LeaveGuard({ hasChanges }: { hasChanges: () => boolean }) {
  return useLeaveGuard(hasChanges);
}

/**
 * The one frame of every form dialog (issue 28: the user dialogs filled the screen and had no close
 * button): centred, `md` wide and as tall as its content, a Fechar button at the top right, the form
 * mounted afresh at each opening. Closing it any other way than its Cancel asks first when the form
 * holds changes (`DiscardChangesDialog`), and so does leaving the page while it is open.
 */
export function FormDialog({ open, onClose, finalFocusEl, children }: FormDialogProps) {
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((value: boolean) => {
    changed.current = value;
  }, []);
  // A dialog that sits closed on a list screen renders nothing until it is first opened.
  if (!useOpenedOnce(open)) return null;
  return (
    <>
      <DialogFrame
        open={open}
        finalFocusEl={finalFocusEl}
        onOpenChange={(details) => {
          if (details.open) return;
          if (changed.current) setAsking(true);
          else onClose();
        }}
        size="md"
        contentProps={{ overflowWrap: 'anywhere' }}
      >
        <ReportChanges.Provider value={report}>{open && children}</ReportChanges.Provider>
        <Dialog.CloseTrigger asChild>
          {/* Keeps the focus in the field on press: its blur validation grows the centred dialog,
              which moved this button from under the pointer before the click landed. */}
          <CloseButton size="sm" aria-label={uiMessages.close} onMouseDown={(event) => event.preventDefault()} />
        </Dialog.CloseTrigger>
      </DialogFrame>
      <DiscardChangesDialog
        open={asking}
        onKeepEditing={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          changed.current = false;
          onClose();
        }}
      />
      {open && <LeaveGuard hasChanges={() => changed.current} />}
    </>
  );
}

/**
 * `Form` in the one form dialog frame: the dialog reads `open`, `onClose` and `finalFocusEl`, the form gets
 * every prop (a form mounts afresh at each opening, so it starts from the values it is given).
 */
export function formDialog<TProps extends Omit<FormDialogProps, 'children'>>(Form: ComponentType<TProps>) {
  return function FormInDialog(props: TProps) {
    return (
      <FormDialog open={props.open} onClose={props.onClose} finalFocusEl={props.finalFocusEl}>
        <Form {...props} />
      </FormDialog>
    );
  };
}
