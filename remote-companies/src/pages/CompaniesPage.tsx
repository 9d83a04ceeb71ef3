import { COMPANIES_PAGE_SIZE, prefetchCompanies, useCompanies } from '@backoffice/api-client';
import type { Company } from '@backoffice/contracts';
import {
  ListTotal,
  PagedTable,
  PageFrame,
  RowActionsMenu,
  readListSearch,
  useRowDialogs,
  useRowSelection,
} from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { FiPlus, FiUpload } from 'react-icons/fi';
import { BulkCompanyActions } from '../components/BulkCompanyActions';
import { CompaniesEmpty } from '../components/CompaniesEmpty';
import { CompaniesToolbar } from '../components/CompaniesToolbar';
import { CompanyFormDialog } from '../components/CompanyFormDialog';
import { companyColumns } from '../components/company-columns';
import { DeleteCompanyDialog } from '../components/DeleteCompanyDialog';
import { ExportCompaniesButton } from '../components/ExportCompaniesButton';
import { ImportCompaniesDialog } from '../components/ImportCompaniesDialog';
import { useCanChangeCompanies, useSignedInPerson } from '../hooks/companies-access';
import { listLoadErrorText, useLoadErrorReport } from '../hooks/load-error-text';
import { useCompaniesSearchParams } from '../hooks/use-companies-search-params';
import { messages } from '../messages';
import { CompaniesSearchSchema, filterOf } from './companies-search';

/**
 * The page the URL's search opens, asked for by the shell's route loader (see the shell's
 * `RemotePageModule`): the rows are on their way while the frame and the heading render.
 */
export function prefetch(search: URLSearchParams): void {
  const { page, sort, ...filter } = readListSearch(CompaniesSearchSchema, search);
  void prefetchCompanies({ page, filter: filterOf(filter), sort });
}

/** Each action takes an equal share of the row on a phone. */
const PHONE_FULL_ROW = { '& > *': { flex: { base: '1 1 0', md: '0 0 auto' } } };

const companyKey = (company: Company) => company.id;
const ROW_ACTIONS = { edit: messages.edit, delete: messages.delete };
const SELECTION_LABELS = {
  rowLabel: (company: Company) => messages.selectRow(company.trading_name),
  allLabel: messages.selectPage,
};

/**
 * `/companies` (spec §2): list, search, filters and pagination; each dialog saves on its own. A selection
 * column (kept across pages) opens the bulk actions; "Importar CSV" brings companies in from a file.
 */
export default function CompaniesPage() {
  const { page, filter, sort, filtered, setFilter, setSort, setPage, clearFilters } = useCompaniesSearchParams();
  const list = useCompanies({ page, filter, sort });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { selected, selection, clear } = useRowSelection(companyKey, SELECTION_LABELS);
  const rows = useRowDialogs<Company>(ROW_ACTIONS);
  // A read-only embed offers no action that the API would refuse.
  const canChange = useCanChangeCompanies();
  useLoadErrorReport(list.error);
  const inProduct = useSignedInPerson();
  const canImport = canChange && inProduct;

  return (
    <PageFrame
      title={messages.companiesPageTitle}
      description={<ListTotal query={list} noun={messages.totalNoun} />}
      action={
        // On a phone the actions share the whole row, edge to edge like the search box under them.
        <HStack gap="3" wrap="wrap" width={{ base: 'full', md: 'auto' }} css={PHONE_FULL_ROW}>
          <ExportCompaniesButton filter={filter} sort={sort} />
          {canImport && (
            <Button variant="outline" onClick={() => setImporting(true)}>
              <FiUpload aria-hidden />
              {messages.importCsv}
            </Button>
          )}
          {canChange && (
            <Button onClick={() => setCreating(true)}>
              <FiPlus aria-hidden />
              {messages.addCompany}
            </Button>
          )}
        </HStack>
      }
      filters={<CompaniesToolbar filter={filter} onChange={setFilter} />}
    >
      <BulkCompanyActions selected={selected} onClear={clear} canChange={canChange} />
      <PagedTable
        caption={messages.tableCaption}
        selection={selection}
        columns={companyColumns}
        sort={sort}
        onSortChange={setSort}
        defaultSortLabel={messages.defaultSort}
        rowKey={(company) => company.id}
        actionsHeader={messages.columns.actions}
        rowActions={
          canChange
            ? (company) => (
                <RowActionsMenu label={messages.actionsFor(company.trading_name)} actions={rows.actionsOf(company)} />
              )
            : undefined
        }
        query={list}
        page={page}
        pageSize={COMPANIES_PAGE_SIZE}
        pageLabel={messages.pageLabel}
        onPageChange={setPage}
        loadError={{ title: messages.loadErrorTitle, description: listLoadErrorText(list.error) }}
        empty={<CompaniesEmpty filtered={filtered} canAdd={canChange} onClearFilters={clearFilters} />}
      />

      <CompanyFormDialog kind="create" open={creating} onClose={() => setCreating(false)} />
      {canImport && <ImportCompaniesDialog open={importing} onClose={() => setImporting(false)} />}
      {rows.editing && <CompanyFormDialog kind="edit" open company={rows.editing} {...rows.focus} />}
      <DeleteCompanyDialog company={rows.deleting} {...rows.focus} />
    </PageFrame>
  );
}
