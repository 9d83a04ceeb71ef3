import { useDeleteCompany } from '@backoffice/api-client';
import type { Company } from '@backoffice/contracts';
import { ConfirmDeleteDialog } from '@backoffice/ui/confirm-delete-dialog';
import { mutateWithToast } from '@backoffice/ui/kit';
import { messages } from '../messages';

export interface DeleteCompanyDialogProps {
  /** The company to delete; `null` keeps the dialog closed. */
  company: Company | null;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the row's actions button). */
  finalFocusEl?: () => HTMLElement | null;
}

/** Deletes after the spec's confirmation sentence; the list refreshes (a page left empty moves back). */
export function DeleteCompanyDialog({ company, onClose, finalFocusEl }: DeleteCompanyDialogProps) {
  const deleteCompany = useDeleteCompany();
  return (
    <ConfirmDeleteDialog
      open={company !== null}
      entity={messages.deleteEntity}
      name={company?.trading_name ?? ''}
      finalFocusEl={finalFocusEl}
      loading={deleteCompany.isPending}
      onClose={onClose}
      onConfirm={async () => {
        if (!company) return;
        const outcome = await mutateWithToast(() => deleteCompany.mutateAsync(company.id), {
          success: messages.deleted,
        });
        if (outcome.ok) onClose();
      }}
    />
  );
}
