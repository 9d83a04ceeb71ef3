import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { uiMessages } from './messages.js';
import { useOpenedOnce } from './opened-once.js';

export type DeletableEntity = 'Usuário' | 'Empresa';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  /** `Usuário` or `Empresa`, as the spec's sentence names them. */
  entity: DeletableEntity;
  /** The e-mail of a user or the trading name of a company. */
  name: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The delete request is running: the confirm button shows it and cannot be pressed twice. */
  loading?: boolean;
  /** Where the focus goes when the dialog closes (e.g. the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
}

/** Delete needs a confirmation (spec §4) with the sentence of spec §8. */
export function ConfirmDeleteDialog({
  open,
  entity,
  name,
  onConfirm,
  onClose,
  loading,
  finalFocusEl,
}: ConfirmDeleteDialogProps) {
  // A dialog never opened renders nothing at all (`useOpenedOnce`), and a closed one nothing but its
  // root and portal parts (lazyMount): list screens stay cheap to show.
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog.Root
      role="alertdialog"
      lazyMount
      unmountOnExit
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{uiMessages.deleteTitle(entity)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {/* A name with no space in it (an e-mail, a long trading name) wraps anywhere rather than overflow. */}
              <Text overflowWrap="anywhere">{uiMessages.deleteConfirmation(entity, name)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="subtle" colorPalette="gray" onClick={onClose} disabled={loading}>
                {uiMessages.cancel}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={loading}>
                {uiMessages.delete}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
