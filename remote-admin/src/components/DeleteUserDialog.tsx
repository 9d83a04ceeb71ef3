import { useDeleteUser } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { ConfirmDeleteDialog } from '@backoffice/ui/confirm-delete-dialog';
import { mutateWithToast } from '@backoffice/ui/kit';
import { messages } from '../messages';

export interface DeleteUserDialogProps {
  /** The user to delete; `null` keeps the dialog closed. */
  user: UserPublic | null;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the row's actions button). */
  finalFocusEl?: () => HTMLElement | null;
}

/** Deletes a user after the spec's sentence, naming them by e-mail; the list refreshes. */
export function DeleteUserDialog({ user, onClose, finalFocusEl }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDeleteDialog
      open={user !== null}
      entity={messages.deleteEntity}
      name={user?.email ?? ''}
      finalFocusEl={finalFocusEl}
      loading={deleteUser.isPending}
      onClose={onClose}
      onConfirm={async () => {
        if (!user) return;
        const outcome = await mutateWithToast(() => deleteUser.mutateAsync(user.id), { success: messages.userDeleted });
        if (outcome.ok) onClose();
      }}
    />
  );
}
