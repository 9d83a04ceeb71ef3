import { useBulkCompanies, useExportSelectedCompanies } from '@backoffice/api-client';
import type { Company, CompanyBulkAction } from '@backoffice/contracts';
import { apiErrorText, showErrorToast } from '@backoffice/ui';
import { ConfirmDialog } from '@backoffice/ui/confirm-dialog';
import { mutateWithToast, saveFile } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { FiCheckCircle, FiDownload, FiSlash, FiTrash2, FiX } from 'react-icons/fi';
import { messages } from '../messages';

export interface BulkCompanyActionsProps {
  selected: ReadonlyMap<string, Company>;
  /** Clears the selection (after an action, or on "Limpar seleção"). */
  onClear: () => void;
  /** A read-only embed may only export. */
  canChange: boolean;
}

/** A bulk action's error: the API names each company it could not find; the screen says nothing changed. */
function bulkFailure(error: unknown) {
  showErrorToast(messages.bulkFailed, apiErrorText(error));
}

/**
 * What can be done with the selected companies, shown while any is selected: Ativar, Desativar,
 * Exportar selecionadas and Excluir selecionadas (one confirmation naming the count). Each is one call
 * and one transaction: all the companies change, or none.
 */
export function BulkCompanyActions({ selected, onClear, canChange }: BulkCompanyActionsProps) {
  const bulk = useBulkCompanies();
  const exporting = useExportSelectedCompanies();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = [...selected.keys()];
  if (ids.length === 0) return null;

  const run = async (action: CompanyBulkAction) => {
    const outcome = await mutateWithToast(() => bulk.mutateAsync({ action, ids }), {
      success: (result) => result.message,
      failure: bulkFailure,
    });
    if (outcome.ok) {
      setConfirmDelete(false);
      onClear();
    }
  };
  const exportSelected = async () => {
    try {
      const file = await exporting.mutateAsync(ids);
      saveFile(file.blob, file.fileName ?? messages.exportSelectedFileName);
    } catch {
      showErrorToast(messages.exportFailed, messages.exportServerError);
    }
  };
  const busy = bulk.isPending;

  return (
    <HStack
      role="toolbar"
      aria-label={messages.bulkToolbar}
      gap="2"
      wrap="wrap"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.muted"
    >
      <Text fontWeight="medium" aria-live="polite" me="auto">
        {messages.selectedCount(ids.length)}
      </Text>
      {canChange && (
        <>
          <Button size="sm" variant="outline" onClick={() => void run('activate')} disabled={busy}>
            <FiCheckCircle aria-hidden />
            {messages.activate}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void run('deactivate')} disabled={busy}>
            <FiSlash aria-hidden />
            {messages.deactivate}
          </Button>
        </>
      )}
      <Button size="sm" variant="outline" onClick={() => void exportSelected()} loading={exporting.isPending}>
        <FiDownload aria-hidden />
        {messages.exportSelected}
      </Button>
      {canChange && (
        <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirmDelete(true)} disabled={busy}>
          <FiTrash2 aria-hidden />
          {messages.deleteSelected}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <FiX aria-hidden />
        {messages.clearSelection}
      </Button>

      <ConfirmDialog
        open={confirmDelete}
        title={messages.bulkDeleteTitle(ids.length)}
        text={messages.bulkDeleteConfirmation(ids.length)}
        cancelLabel={messages.cancel}
        confirmLabel={messages.deleteSelected}
        onConfirm={() => void run('delete')}
        onCancel={() => setConfirmDelete(false)}
        loading={busy}
      />
    </HStack>
  );
}
