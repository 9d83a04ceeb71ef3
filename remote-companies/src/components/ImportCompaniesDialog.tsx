import { useCompanyImport } from '@backoffice/api-client';
import type { ImportPreview, ImportSummary } from '@backoffice/contracts';
import { apiErrorText, showErrorToast, showSuccessToast } from '@backoffice/ui';
import { DialogFrame } from '@backoffice/ui/dialog-frame';
import { AlertMessage, saveFile } from '@backoffice/ui/kit';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { FiDownload, FiUpload } from 'react-icons/fi';
import { messages } from '../messages';

const m = messages.import;

type Phase =
  | { kind: 'choose' }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'running'; preview: ImportPreview; processed: number }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'failed'; detail: string; created: number };

/** A progress bar (no Chakra entry for it): `role="progressbar"` with its value, named for assistive technology. */
function ProgressBar({ value, max, label, text }: { value: number; max: number; label: string; text: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <Stack gap="1">
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
        h="2"
        rounded="full"
        bg="bg.emphasized"
        overflow="hidden"
      >
        <Box h="full" bg="colorPalette.solid" colorPalette="red" width={`${percent}%`} transition="width 0.2s" />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * "Importar CSV": choose a file, see what it would do (every line checked by the server, errors by
 * line in Portuguese, nothing written), import the valid lines with a progress bar (the server reports
 * each batch of 1 000 as it commits), then the summary, and the rejected lines as a CSV to fix.
 */
export function ImportCompaniesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importing = useCompanyImport();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const inputId = useId();

  const reset = () => {
    setFile(null);
    setPhase({ kind: 'choose' });
    importing.preview.reset();
  };
  const close = () => {
    if (phase.kind === 'running') return;
    reset();
    onClose();
  };

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setPhase({ kind: 'choose' });
    if (!chosen) return;
    try {
      setPhase({ kind: 'preview', preview: await importing.preview.mutateAsync(chosen) });
    } catch (error) {
      showErrorToast(m.previewFailed, apiErrorText(error));
    }
  };

  const run = async (preview: ImportPreview) => {
    if (!file) return;
    setPhase({ kind: 'running', preview, processed: 0 });
    try {
      await importing.run.mutateAsync({
        file,
        onEvent: (event) => {
          if (event.type === 'progress') setPhase({ kind: 'running', preview, processed: event.processed });
          else if (event.type === 'summary') {
            setPhase({ kind: 'done', summary: event });
            showSuccessToast(m.summaryTitle, m.summary(event));
          } else setPhase({ kind: 'failed', detail: event.detail, created: event.created });
        },
      });
    } catch (error) {
      setPhase({ kind: 'failed', detail: apiErrorText(error) ?? m.previewFailed, created: 0 });
    }
  };

  const downloadRejected = async () => {
    if (!file) return;
    try {
      const rejected = await importing.rejected.mutateAsync(file);
      saveFile(rejected.blob, rejected.fileName ?? m.rejectedFileName);
    } catch {
      showErrorToast(m.previewFailed);
    }
  };

  const rejectedCount =
    phase.kind === 'preview' || phase.kind === 'running'
      ? phase.preview.rejected
      : phase.kind === 'done'
        ? phase.summary.rejected
        : 0;

  return (
    <DialogFrame
      open={open}
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{m.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">{m.intro}</Text>
          {(phase.kind === 'choose' || phase.kind === 'preview') && (
            <Stack gap="1">
              <chakra.label htmlFor={inputId} fontWeight="medium">
                {m.fileLabel}
              </chakra.label>
              <chakra.input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => void check(event.currentTarget.files?.[0] ?? null)}
              />
            </Stack>
          )}
          {importing.preview.isPending && <Text aria-live="polite">{m.checking}</Text>}
          {phase.kind === 'preview' && <PreviewResult preview={phase.preview} />}
          {phase.kind === 'running' && (
            <ProgressBar
              label={m.progressLabel}
              value={phase.processed}
              max={phase.preview.rows}
              text={m.progress(phase.processed, phase.preview.rows)}
            />
          )}
          {phase.kind === 'done' && (
            <AlertMessage status="success" title={m.summaryTitle} text={m.summary(phase.summary)} />
          )}
          {phase.kind === 'failed' && <AlertMessage status="error" title={m.failedTitle} text={phase.detail} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {rejectedCount > 0 && (
          <Button variant="outline" onClick={() => void downloadRejected()} loading={importing.rejected.isPending}>
            <FiDownload aria-hidden />
            {m.downloadRejected}
          </Button>
        )}
        {(phase.kind === 'done' || phase.kind === 'failed') && (
          <Button variant="outline" onClick={reset}>
            {m.chooseAnother}
          </Button>
        )}
        <Button variant="subtle" colorPalette="gray" onClick={close} disabled={phase.kind === 'running'}>
          {phase.kind === 'done' ? m.close : messages.cancel}
        </Button>
        {(phase.kind === 'preview' || phase.kind === 'running') && (
          <Button
            onClick={() => phase.kind === 'preview' && void run(phase.preview)}
            loading={phase.kind === 'running'}
            disabled={phase.preview.valid === 0}
          >
            <FiUpload aria-hidden />
            {m.run(phase.preview.valid)}
          </Button>
        )}
      </Dialog.Footer>
    </DialogFrame>
  );
}

/** The preview's counts, then its lines with errors (line number and what is wrong). */
function PreviewResult({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap="3">
      <Text fontWeight="medium" aria-live="polite" data-testid="import-preview-summary">
        {m.previewSummary(preview)}
      </Text>
      {preview.valid === 0 && <Text color="fg.error">{m.nothingToImport}</Text>}
      {preview.problems.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md" maxH="64">
          <Table.Root size="sm" stickyHeader>
            <Table.Caption captionSide="top" textAlign="start" fontWeight="medium" mb="2">
              {m.problemsTitle}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{m.lineColumn}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{m.errorsColumn}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {preview.problems.map((problem) => (
                <Table.Row key={problem.line}>
                  <Table.Cell>{problem.line}</Table.Cell>
                  <Table.Cell>{problem.errors.join('; ')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {preview.problems.length < preview.rejected && (
        <Text fontSize="sm" color="fg.muted">
          {m.problemsTruncated(preview.problems.length, preview.rejected)}
        </Text>
      )}
    </Stack>
  );
}
