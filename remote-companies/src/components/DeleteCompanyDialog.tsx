import { useDeleteCompany } from '@backoffice/api-client';
import type { Company } from '@backoffice/contracts';
import { DeleteDialog, type RowDialogFocus } from '@backoffice/ui/kit';
import { messages } from '../messages';

const tradingName = (company: Company) => company.trading_name;

/** Deletes after the spec's confirmation sentence; the list refreshes (a page left empty moves back). */
export function DeleteCompanyDialog({ company, ...focus }: RowDialogFocus & { company: Company | null }) {
  const deletion = useDeleteCompany();
  return (
    <DeleteDialog
      row={company}
      entity={messages.deleteEntity}
      nameOf={tradingName}
      mutation={deletion}
      success={messages.deleted}
      {...focus}
    />
  );
}
