import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Text } from '@chakra-ui/react/text';
import { DialogFrame } from './dialog-frame.js';
import { useOpenedOnce } from './opened-once.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in a sentence. */
  text: string;
  /** The way back (`Cancelar`, `Continuar editando`): first, so it takes the focus. */
  cancelLabel: string;
  /** What cannot be taken back (`Excluir`, `Descartar`): last, in red. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The way back, Escape or a click outside. */
  onCancel: () => void;
  /** The action is running: the confirm button shows it, and neither can be pressed meanwhile. */
  loading?: boolean;
  /** Where the focus goes when the dialog closes (e.g. the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * The one frame of a question asked before something that cannot be taken back (`alertdialog`): a
 * deletion, a bulk deletion, changes thrown away. The way back comes first and takes the focus, so a
 * stray Enter or Escape loses nothing. A dialog never opened renders nothing at all (`useOpenedOnce`),
 * and a closed one nothing but its root and portal parts (lazyMount): screens stay cheap to show.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  finalFocusEl,
}: ConfirmDialogProps) {
  if (!useOpenedOnce(open)) return null;
  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {/* A name with no space in it (an e-mail, a long trading name) wraps anywhere rather than overflow. */}
        <Text overflowWrap="anywhere">{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="subtle" colorPalette="gray" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
