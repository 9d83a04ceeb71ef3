import { ConfirmDeleteDialog, type DeletableEntity } from '@backoffice/ui/confirm-delete-dialog';
import { mutateWithToast } from './mutation-toast.js';
import type { RowDialogFocus } from './row-actions.js';

export interface DeleteDialogProps<TRow extends { id: string }> extends RowDialogFocus {
  /** What to delete; `null` keeps the dialog closed. */
  row: TRow | null;
  /** `Usuário` or `Empresa`, as the spec's sentence names them. */
  entity: DeletableEntity;
  /** The row's name in the sentence: a user's e-mail, a company's trading name. */
  nameOf: (row: TRow) => string;
  /** The api-client's delete mutation (`useDeleteUser()`, `useDeleteCompany()`), given the row's id. */
  mutation: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The notice once deleted (the mutation refreshes the lists). */
  success: string;
}

/**
 * Deletes one row of a list (or the record a page shows) after the spec's confirmation sentence: the
 * success notice or the shared error toast, and the dialog closes once the row is gone (it stays open on
 * a refusal, so the person reads why).
 */
export function DeleteDialog<TRow extends { id: string }>({
  row,
  entity,
  nameOf,
  mutation,
  success,
  onClose,
  finalFocusEl,
}: DeleteDialogProps<TRow>) {
  return (
    <ConfirmDeleteDialog
      open={row !== null}
      entity={entity}
      name={row ? nameOf(row) : ''}
      finalFocusEl={finalFocusEl}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={async () => {
        if (!row) return;
        const outcome = await mutateWithToast(() => mutation.mutateAsync(row.id), { success });
        if (outcome.ok) onClose();
      }}
    />
  );
}
