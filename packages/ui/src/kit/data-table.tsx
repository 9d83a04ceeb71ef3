import { Skeleton } from '@chakra-ui/react/skeleton';
import { Table, type TableCellProps } from '@chakra-ui/react/table';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import type { ReactNode } from 'react';

/** One column of a list: its header and how a row shows in it. */
export interface Column<TRow> {
  /** Stable identity of the column (a React key; the field a header would sort by). */
  key: string;
  header: string;
  cell: (row: TRow) => ReactNode;
  /** Cell styling, e.g. `{ whiteSpace: 'nowrap' }` for a CNPJ. */
  cellProps?: TableCellProps;
}

export interface DataTableProps<TRow> {
  /** Names the table for assistive technology (not shown). */
  caption: string;
  columns: readonly Column<TRow>[];
  /** `undefined` while the first page loads: `skeletonRows` placeholder rows. */
  rows: readonly TRow[] | undefined;
  rowKey: (row: TRow) => string;
  /** How many placeholder rows stand in for a page (the page size). */
  skeletonRows: number;
  /** A newer page is on its way while these rows stay (no flicker). */
  busy?: boolean;
  /** The last column: each row's actions (a `RowActionsMenu`), under `actionsHeader`. */
  rowActions?: (row: TRow) => ReactNode;
  actionsHeader?: string;
}

/** A list's table: a header row, skeleton rows while loading, then a row per item. */
export function DataTable<TRow>({
  caption,
  columns,
  rows,
  rowKey,
  skeletonRows,
  busy,
  rowActions,
  actionsHeader,
}: DataTableProps<TRow>) {
  const headers = [...columns.map((column) => column.header), ...(rowActions ? [actionsHeader ?? ''] : [])];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size={{ base: 'sm', md: 'md' }} interactive aria-busy={busy || rows === undefined}>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => (
              <Table.ColumnHeader key={header} scope="col">
                {header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows === undefined
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <Table.Row key={index} data-testid="skeleton-row">
                  {headers.map((header) => (
                    <Table.Cell key={header}>
                      <Skeleton height="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : rows.map((row) => (
                <Table.Row key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.key} {...column.cellProps}>
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                  {rowActions && <Table.Cell>{rowActions(row)}</Table.Cell>}
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
