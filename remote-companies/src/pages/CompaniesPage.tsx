import {
  companiesQueryOptions,
  hasNextPage,
  hasPreviousPage,
  useCreateCompany,
  useDeleteCompany,
  usePrefetchNextPage,
  useUpdateCompany,
} from '@backoffice/api-client';
import { COMPANIES_PAGE_SIZE, type Company } from '@backoffice/contracts';
import { ConfirmDeleteDialog, handleError, PaginationFooter, showSuccessToast } from '@backoffice/ui';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FiPlus } from 'react-icons/fi';
import { CompaniesEmpty, CompaniesLoadError } from '../components/CompaniesStates';
import { CompaniesTable } from '../components/CompaniesTable';
import { CompaniesToolbar } from '../components/CompaniesToolbar';
import { CompanyFormDialog } from '../components/CompanyFormDialog';
import { changedCompanyFields } from '../forms/company-form';
import { useCompaniesSearchParams } from '../hooks/use-companies-search-params';
import { messages } from '../messages';

/** A prefetched page is shown without asking again if it is this fresh. */
const LIST_STALE_TIME_MS = 5_000;

type Dialog = { kind: 'create' } | { kind: 'edit'; company: Company } | { kind: 'delete'; company: Company } | null;

/** `/companies` (spec §2): list, search, filters, pagination and the create/edit/delete dialogs. */
export default function CompaniesPage() {
  const { filter, filtered, setFilter, setPage, clearFilters } = useCompaniesSearchParams();
  const list = useQuery({ ...companiesQueryOptions(filter), staleTime: LIST_STALE_TIME_MS });
  const [dialog, setDialog] = useState<Dialog>(null);
  // The row's actions button that opened the edit or delete dialog: the focus goes back to it on
  // close (a ref, so it is still known while the dialog closes after the state was cleared).
  const returnFocus = useRef<HTMLElement | null>(null);
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const deleteCompany = useDeleteCompany();

  const rows = list.data?.data;
  const settled = rows !== undefined && !list.isPlaceholderData;
  // Next only after a full page (spec §4), and not when an exact count says that page was the last.
  const knownLast = list.data?.count_is_exact === true && filter.page * COMPANIES_PAGE_SIZE >= (list.data?.count ?? 0);
  const canGoNext = settled && hasNextPage(rows.length, COMPANIES_PAGE_SIZE) && !knownLast;
  usePrefetchNextPage(canGoNext ? companiesQueryOptions({ ...filter, page: filter.page + 1 }) : undefined);

  // A page past the end (an old link, or the last row of a page deleted elsewhere): go to the last page.
  const pastTheEnd = settled && rows.length === 0 && filter.page > 1;
  const lastPage = Math.max(1, Math.ceil((list.data?.count ?? 0) / COMPANIES_PAGE_SIZE));
  useEffect(() => {
    if (pastTheEnd) setPage(Math.min(filter.page - 1, lastPage), { replace: true });
  }, [pastTheEnd, filter.page, lastPage, setPage]);

  const close = () => setDialog(null);

  let content: ReactNode;
  if (list.isError && rows === undefined) {
    content = <CompaniesLoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (rows === undefined || pastTheEnd) {
    content = <CompaniesTable companies={undefined} onEdit={() => {}} onDelete={() => {}} />;
  } else if (rows.length === 0) {
    content = <CompaniesEmpty filtered={filtered} onClearFilters={clearFilters} />;
  } else {
    content = (
      <>
        <CompaniesTable
          companies={rows}
          busy={list.isPlaceholderData}
          onEdit={(company, trigger) => {
            returnFocus.current = trigger;
            setDialog({ kind: 'edit', company });
          }}
          onDelete={(company, trigger) => {
            returnFocus.current = trigger;
            setDialog({ kind: 'delete', company });
          }}
        />
        <PaginationFooter
          label={messages.pageLabel(filter.page)}
          hasPrevious={hasPreviousPage(filter.page)}
          hasNext={canGoNext}
          onPrevious={() => setPage(filter.page - 1)}
          onNext={() => setPage(filter.page + 1)}
        />
      </>
    );
  }

  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <Flex gap="4" justify="space-between" align="center" wrap="wrap">
        <Heading as="h1" size="2xl">
          {messages.companiesPageTitle}
        </Heading>
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <FiPlus aria-hidden />
          {messages.addCompany}
        </Button>
      </Flex>
      <CompaniesToolbar filter={filter} onChange={setFilter} />
      {content}

      <CompanyFormDialog
        kind="create"
        open={dialog?.kind === 'create'}
        onClose={close}
        onSubmit={async (values) => {
          try {
            await createCompany.mutateAsync(values);
          } catch (error) {
            handleError(error);
            return;
          }
          showSuccessToast(messages.created);
          close();
        }}
      />
      {dialog?.kind === 'edit' && (
        <CompanyFormDialog
          kind="edit"
          open
          company={dialog.company}
          finalFocusEl={() => returnFocus.current}
          onClose={close}
          onSubmit={async (values) => {
            const changes = changedCompanyFields(dialog.company, values);
            // Nothing changed: nothing to send (spec §5).
            if (Object.keys(changes).length === 0) {
              close();
              return;
            }
            try {
              await updateCompany.mutateAsync({ id: dialog.company.id, body: changes });
            } catch (error) {
              handleError(error);
              return;
            }
            showSuccessToast(messages.updated);
            close();
          }}
        />
      )}
      <ConfirmDeleteDialog
        open={dialog?.kind === 'delete'}
        entity={messages.deleteEntity}
        name={dialog?.kind === 'delete' ? dialog.company.trading_name : ''}
        finalFocusEl={() => returnFocus.current}
        loading={deleteCompany.isPending}
        onClose={close}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          try {
            await deleteCompany.mutateAsync(dialog.company.id);
          } catch (error) {
            handleError(error);
            return;
          }
          showSuccessToast(messages.deleted);
          close();
          // The last row of a page went away: show the page before it.
          if (rows?.length === 1 && filter.page > 1) setPage(filter.page - 1, { replace: true });
        }}
      />
    </Stack>
  );
}
