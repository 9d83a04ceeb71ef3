import { uiMessages } from '@backoffice/ui';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import type { Column } from './data-table.js';

export interface SortSelectProps<TRow> {
  columns: readonly Column<TRow>[];
  sort: string | undefined;
  onSortChange: (sort: string | undefined) => void;
  /** The default order's name (`Mais recentes`). */
  defaultLabel: string;
}

/**
 * The order of a list where its headers are not shown (the phone cards): each sortable column in
 * both directions, and the default order.
 */
export function SortSelect<TRow>({ columns, sort, onSortChange, defaultLabel }: SortSelectProps<TRow>) {
  const sortable = columns.filter((column) => column.sortKey);
  return (
    <Field.Root>
      <Field.Label>{uiMessages.sortBy}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={sort ?? ''} onChange={(event) => onSortChange(event.target.value || undefined)}>
          <option value="">{defaultLabel}</option>
          {sortable.flatMap((column) => [
            <option key={column.sortKey} value={column.sortKey}>
              {uiMessages.sortOption(column.header, false)}
            </option>,
            <option key={`-${column.sortKey}`} value={`-${column.sortKey}`}>
              {uiMessages.sortOption(column.header, true)}
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
