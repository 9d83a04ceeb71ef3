import { type ListAnswer, pageInfo } from '@backoffice/api-client';
import { PaginationFooter } from '@backoffice/ui/pagination-footer';
import { type ReactNode, useEffect } from 'react';
import { CardList } from './card-list.js';
import { DataTable, type DataTableProps } from './data-table.js';
import { usePhoneLayout } from './phone-layout.js';
import { usePlaceholdersDue } from './placeholder-delay.js';
import { SortSelect } from './sort-select.js';
import { LoadError } from './status-panel.js';

/** What a list hook (`useCompanies`, `useUsers`) answers, as far as the list needs it. */
export interface ListQuery<TRow> {
  data?: (ListAnswer & { data: readonly TRow[] }) | undefined;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedTableProps<TRow> extends Omit<DataTableProps<TRow>, 'rows' | 'busy' | 'skeletonRows'> {
  query: ListQuery<TRow>;
  /** The page shown (from the URL) and the rows per page. */
  page: number;
  pageSize: number;
  /** The footer's label, e.g. `Página 2` or `Page 2`. */
  pageLabel: (page: number) => string;
  /** Moves to a page; `replace` when the list itself corrects the page (past the end). */
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  /** What a failed first load says (its button is `Tentar novamente`). */
  loadError: { title: string; description?: string };
  /** Shown instead of the table when the list is empty (no rows yet, or none for the filters). */
  empty: ReactNode;
  /** The default order's name in the phone layout's order select (`Mais recentes`). */
  defaultSortLabel?: string;
}

/**
 * A paged list in one of its states (a table, or one card per row on a phone, with the order as a select
 * there): skeleton rows while the first page loads (after a short wait, see `usePlaceholdersDue`), the load error with
 * a retry, the empty state, or the table with `Anterior` / page / `Próximo`. The previous rows stay,
 * marked busy, while another page loads; a page past the end (an old link, the last rows deleted)
 * moves to the last page.
 */
export function PagedTable<TRow>({
  query,
  page,
  pageSize,
  pageLabel,
  onPageChange,
  loadError,
  empty,
  defaultSortLabel,
  ...table
}: PagedTableProps<TRow>) {
  // On a phone, one card per row instead of a table that would scroll sideways.
  const phone = usePhoneLayout();
  const List = phone ? CardList : DataTable;
  const rows = query.data?.data;
  const placeholdersDue = usePlaceholdersDue(rows === undefined);
  const info = pageInfo(page, pageSize, query);
  const { pastTheEnd, lastPage } = info;
  useEffect(() => {
    if (pastTheEnd) onPageChange(Math.min(page - 1, lastPage), { replace: true });
  }, [pastTheEnd, page, lastPage, onPageChange]);

  if (query.isError && rows === undefined) {
    return <LoadError {...loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const sortSelect = phone && table.onSortChange && (
    <SortSelect
      columns={table.columns}
      sort={table.sort}
      onSortChange={table.onSortChange}
      defaultLabel={defaultSortLabel ?? ''}
    />
  );
  // An empty page whose total still counts rows is another page's answer standing in while this one
  // loads (stepping back from past the end, after deleting a page's last row); it is no empty list.
  // Showing the empty state would flash it, and replace the table that holds the focus.
  const standInForRows = query.isPlaceholderData && rows?.length === 0 && (query.data?.count ?? 0) > 0;
  if (rows === undefined || pastTheEnd || standInForRows) {
    return (
      <>
        {sortSelect}
        <List {...table} rows={undefined} skeletonRows={placeholdersDue ? pageSize : 0} />
      </>
    );
  }
  if (rows.length === 0) return empty;
  return (
    <>
      {sortSelect}
      <List {...table} rows={rows} skeletonRows={pageSize} busy={query.isPlaceholderData} />
      <PaginationFooter
        label={pageLabel(page)}
        hasPrevious={info.hasPrevious}
        hasNext={info.hasNext}
        onPrevious={() => onPageChange(page - 1)}
        onNext={() => onPageChange(page + 1)}
      />
    </>
  );
}
