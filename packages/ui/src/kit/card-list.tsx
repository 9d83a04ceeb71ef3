import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import type { DataTableProps } from './data-table.js';
import { DetailsItem } from './details-list.js';
import { ROW_LIST_ATTRIBUTE } from './focus-return.js';
import { SelectAllCheckbox, SelectionCheckbox } from './selection.js';

/**
 * A list on a phone: one card per row, no sideways scrolling. The first column is the card's title,
 * the row's actions sit at its top right, and every other column follows as a label and its value.
 * The cards are a list named like the table (`caption`).
 */
export function CardList<TRow>({
  caption,
  columns,
  rows,
  rowKey,
  skeletonRows,
  busy,
  rowActions,
  selection,
}: DataTableProps<TRow>) {
  const [title, ...details] = columns;
  return (
    <>
      {selection && rows && rows.length > 0 && (
        <Flex gap="2" align="center" mb="2" fontSize="sm" color="fg.muted">
          <SelectAllCheckbox rows={rows} selection={selection} />
          <span aria-hidden>{selection.allLabel}</span>
        </Flex>
      )}
      {/* Focusable from script only: where the focus goes when a row's dialog closed on a deleted row. */}
      <chakra.ul
        aria-label={caption}
        aria-busy={busy || rows === undefined}
        tabIndex={-1}
        {...{ [ROW_LIST_ATTRIBUTE]: '' }}
        listStyle="none"
        display="grid"
        gap="3"
      >
        {rows === undefined
          ? Array.from({ length: skeletonRows }, (_, index) => (
              <chakra.li key={index} data-testid="skeleton-row" borderWidth="1px" rounded="md" p="4">
                <Stack gap="3">
                  <Skeleton height="5" width="60%" />
                  <Skeleton height="4" />
                </Stack>
              </chakra.li>
            ))
          : rows.map((row) => (
              <chakra.li key={rowKey(row)} borderWidth="1px" rounded="md" p="4" minW="0">
                <Flex gap="2" align="flex-start" justify="space-between">
                  {selection && (
                    <Box pt="1.5">
                      <SelectionCheckbox
                        label={selection.rowLabel(row)}
                        checked={selection.isSelected(row)}
                        onToggle={() => selection.toggle(row)}
                      />
                    </Box>
                  )}
                  <Box fontWeight="semibold" minW="0" overflowWrap="anywhere" pt="1" flex="1">
                    {title?.cell(row)}
                  </Box>
                  {rowActions?.(row)}
                </Flex>
                <chakra.dl
                  display="grid"
                  gridTemplateColumns="auto minmax(0, 1fr)"
                  columnGap="3"
                  rowGap="1"
                  mt="2"
                  fontSize="sm"
                >
                  {details.map((column) => (
                    <DetailsItem key={column.key} label={column.header}>
                      {column.cell(row)}
                    </DetailsItem>
                  ))}
                </chakra.dl>
              </chakra.li>
            ))}
      </chakra.ul>
    </>
  );
}
