import { Skeleton } from '@chakra-ui/react/skeleton';
import { chakra } from '@chakra-ui/react/styled-system';
import { Table, type TableCellProps } from '@chakra-ui/react/table';
import type { ReactNode } from 'react';
import { FiArrowDown, FiArrowUp, FiChevronDown } from 'react-icons/fi';
import { ROW_LIST_ATTRIBUTE } from './focus-return.js';
import { type RowSelection, SelectAllCheckbox, SelectionCheckbox } from './selection.js';
import { ariaSortOf, nextSort } from './sorting.js';

/** One column of a list: its header and how a row shows in it. */
export interface Column<TRow> {
  /** Stable identity of the column (a React key; the field a header would sort by). */
  key: string;
  header: string;
  cell: (row: TRow) => ReactNode;
  /** Cell styling, e.g. `{ whiteSpace: 'nowrap' }` for a CNPJ. */
  cellProps?: TableCellProps;
  /** The list can be ordered by this column: its key in the `sort` parameter (`cnpj` for the CNPJ). */
  sortKey?: string;
  /**
   * The column's width in the table (`30%`, `12rem`): the table's layout is fixed, so no row's data
   * moves a column (issue 28: Razão Social's edge jumped at every sort, page or search).
   */
  width?: string;
  /**
   * The cell as plain text, for a free-length value (a name, an e-mail): the table shows it on one line,
   * cut with … when too long, the whole text on hover and to screen readers (it stays in the page).
   */
  text?: (row: TRow) => string;
}

/** Wide enough for every column's content to read; a narrower box scrolls the table sideways. */
const TABLE_MIN_WIDTH = '44rem';
/** The actions column: one icon button. */
const ACTIONS_WIDTH = '5.5rem';

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
  /** The current order (`trading_name`, `-trading_name`; `undefined` for the default one). */
  sort?: string | undefined;
  /** Makes the `sortKey` headers buttons that change the order (see `nextSort`). */
  onSortChange?: (sort: string | undefined) => void;
  /** A first column of checkboxes for bulk actions (`useRowSelection`). */
  selection?: RowSelection<TRow> | undefined;
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
  sort,
  onSortChange,
  selection,
}: DataTableProps<TRow>) {
  const headers = [
    ...(selection ? [''] : []),
    ...columns.map((column) => column.header),
    ...(rowActions ? [actionsHeader ?? ''] : []),
  ];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      {/* Focusable from script only: where the focus goes when a row's dialog closed on a deleted row. */}
      <Table.Root
        // Compact rows: a page of ten users and its pagination fit a 900 px high window (issue 28).
        size="sm"
        tableLayout="fixed"
        minW={TABLE_MIN_WIDTH}
        interactive
        aria-busy={busy || rows === undefined}
        tabIndex={-1}
        {...{ [ROW_LIST_ATTRIBUTE]: '' }}
      >
        <Table.Caption srOnly>{caption}</Table.Caption>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
          {rowActions && <col style={{ width: ACTIONS_WIDTH }} />}
        </colgroup>
        <Table.Header>
          <Table.Row>
            {selection && (
              <Table.ColumnHeader scope="col" width="1">
                <SelectAllCheckbox rows={rows ?? []} selection={selection} />
              </Table.ColumnHeader>
            )}
            {columns.map((column) =>
              column.sortKey && onSortChange ? (
                <Table.ColumnHeader key={column.key} scope="col" aria-sort={ariaSortOf(sort, column.sortKey)}>
                  <SortButton
                    label={column.header}
                    direction={ariaSortOf(sort, column.sortKey)}
                    onClick={() => onSortChange(nextSort(sort, column.sortKey as string))}
                  />
                </Table.ColumnHeader>
              ) : (
                <Table.ColumnHeader key={column.key} scope="col">
                  {column.header}
                </Table.ColumnHeader>
              ),
            )}
            {rowActions && <Table.ColumnHeader scope="col">{actionsHeader ?? ''}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows === undefined
            ? // One bar per placeholder row, not one per cell: Chakra works out each styled element's
              // styles as it renders, the bulk of a page's first render, and a bar per cell tells nothing more.
              Array.from({ length: skeletonRows }, (_, index) => (
                <Table.Row key={index} data-testid="skeleton-row">
                  <Table.Cell colSpan={headers.length}>
                    <Skeleton height="4" />
                  </Table.Cell>
                </Table.Row>
              ))
            : rows.map((row) => (
                <Table.Row key={rowKey(row)} data-selected={selection?.isSelected(row) ? '' : undefined}>
                  {selection && (
                    <Table.Cell>
                      <SelectionCheckbox
                        label={selection.rowLabel(row)}
                        checked={selection.isSelected(row)}
                        onToggle={() => selection.toggle(row)}
                      />
                    </Table.Cell>
                  )}
                  {columns.map((column) => (
                    <Table.Cell key={column.key} {...column.cellProps}>
                      {column.text ? <CutText text={column.text(row)}>{column.cell(row)}</CutText> : column.cell(row)}
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

/** One line cut with …; the whole text on hover (`title`) and, since it stays in the page, to screen readers. */
const CutLine = chakra('span', {
  base: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

function CutText({ text, children }: { text: string; children: ReactNode }) {
  return <CutLine title={text}>{children}</CutLine>;
}

const HeaderButton = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    rounded: 'sm',
    marginInline: '-1',
    paddingInline: '1',
    _hover: { color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
    // The arrow is styled from here rather than as an element of its own (one styled element fewer
    // per sortable column, in every first render of a list): faint where the column is not sorted.
    '& > [data-arrow]': { display: 'inline-flex', opacity: 0.35 },
    '&[data-sorted] > [data-arrow]': { opacity: 1 },
  },
});

/**
 * A sortable header: the column name as a button (its name stays the column's, `aria-sort` on the
 * header says the order), an arrow for the direction, a faint one where the column is not sorted.
 */
function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onClick: () => void;
}) {
  const Arrow = direction === 'ascending' ? FiArrowUp : direction === 'descending' ? FiArrowDown : FiChevronDown;
  return (
    <HeaderButton type="button" onClick={onClick} data-sorted={direction === 'none' ? undefined : ''}>
      {label}
      <span aria-hidden data-arrow="">
        <Arrow />
      </span>
    </HeaderButton>
  );
}
