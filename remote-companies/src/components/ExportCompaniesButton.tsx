import { useExportCompanies } from '@backoffice/api-client';
import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import { errorMessage, showErrorToast } from '@backoffice/ui';
import { saveFile } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { FiDownload } from 'react-icons/fi';
import { messages } from '../messages';

/**
 * "Exportar CSV": the list as filtered and ordered on screen, every page of it. The button says how
 * much has arrived while the file streams in (the size is not known ahead), then the browser saves it;
 * a failure says so in the error toast and saves nothing (never half a file).
 */
export function ExportCompaniesButton({ filter, sort }: { filter: CompaniesFilter; sort: CompanySort | undefined }) {
  const exporting = useExportCompanies();
  const start = async () => {
    try {
      const file = await exporting.mutateAsync({ filter, sort });
      saveFile(file.blob, file.fileName ?? messages.exportFileName);
    } catch (error) {
      showErrorToast(messages.exportFailed, errorMessage(error, messages.loadErrorDescription));
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void start()}
      loading={exporting.isPending}
      loadingText={messages.exporting(exporting.received)}
    >
      <FiDownload aria-hidden />
      {messages.exportCsv}
    </Button>
  );
}
