import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.js';
import { uiMessages } from './messages.js';

export type DeletableEntity = 'Usuário' | 'Empresa';

export interface ConfirmDeleteDialogProps
  extends Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'loading' | 'finalFocusEl'> {
  /** `Usuário` or `Empresa`, as the spec's sentence names them. */
  entity: DeletableEntity;
  /** The e-mail of a user or the trading name of a company. */
  name: string;
  onClose: () => void;
}

/** Delete needs a confirmation (spec §4) with the sentence of spec §8. */
export function ConfirmDeleteDialog({ entity, name, onClose, ...dialog }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      {...dialog}
      title={uiMessages.deleteTitle(entity)}
      text={uiMessages.deleteConfirmation(entity, name)}
      cancelLabel={uiMessages.cancel}
      confirmLabel={uiMessages.delete}
      onCancel={onClose}
    />
  );
}
