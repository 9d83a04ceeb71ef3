import { isAbortError, isApiError, useExportCompanies } from '@backoffice/api-client';
import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import { showErrorToast } from '@backoffice/ui';
import { saveFile } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { memo, useEffect, useRef } from 'react';
import { FiDownload } from 'react-icons/fi';
import { messages } from '../messages';

/**
 * Why the export failed, in Portuguese: the API's own words (an English detail, or a status name such
 * as "Gateway Timeout") tell a person nothing they can act on.
 */
function exportErrorText(error: unknown): string {
  return isApiError(error) ? messages.exportServerError : messages.loadErrorDescription;
}

/**
 * "Exportar CSV": the list as filtered and ordered on screen, every page of it. The button says how
 * much has arrived while the file streams in (the size is not known ahead), then the browser saves it;
 * a failure says so in the error toast and saves nothing (never half a file). Leaving the screen (or
 * logging out) stops the download: a million-row file is not worth reading for nobody. Memoised, like
 * the toolbar: the list's answers render the page again, and nothing here depends on them.
 */
export const ExportCompaniesButton = memo(function ExportCompaniesButton({
  filter,
  sort,
}: {
  filter: CompaniesFilter;
  sort: CompanySort | undefined;
}) {
  const exporting = useExportCompanies();
  const download = useRef<AbortController | null>(null);
  useEffect(() => () => download.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    download.current = controller;
    try {
      const file = await exporting.mutateAsync({ filter, sort, signal: controller.signal });
      saveFile(file.blob, file.fileName ?? messages.exportFileName);
    } catch (error) {
      if (!isAbortError(error)) showErrorToast(messages.exportFailed, exportErrorText(error));
    } finally {
      if (download.current === controller) download.current = null;
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
});
