import { Checkbox } from '@chakra-ui/react/checkbox';
import { useCallback, useMemo, useState } from 'react';

/**
 * Rows chosen for a bulk action: a checkbox per row and one for "every row of this page" in the
 * table's first column (on a phone, before each card's title). The choice survives paging, so rows of
 * several pages can be acted on together; the screen clears it after an action.
 */
export interface RowSelection<TRow> {
  isSelected: (row: TRow) => boolean;
  toggle: (row: TRow) => void;
  /** Selects every row given (this page's), or clears them when all are selected already. */
  toggleAll: (rows: readonly TRow[]) => void;
  /** The accessible name of a row's checkbox, e.g. `Selecionar Padaria Central`. */
  rowLabel: (row: TRow) => string;
  /** The accessible name of the page's checkbox, e.g. `Selecionar todas desta página`. */
  allLabel: string;
}

/** The selection of a list, keyed by `rowKey`; `selected` keeps each chosen row as it was seen. */
export function useRowSelection<TRow>(
  rowKey: (row: TRow) => string,
  labels: { rowLabel: (row: TRow) => string; allLabel: string },
) {
  const [selected, setSelected] = useState<ReadonlyMap<string, TRow>>(new Map());
  const clear = useCallback(() => setSelected(new Map()), []);
  const selection = useMemo<RowSelection<TRow>>(
    () => ({
      isSelected: (row) => selected.has(rowKey(row)),
      toggle: (row) =>
        setSelected((current) => {
          const next = new Map(current);
          if (next.has(rowKey(row))) next.delete(rowKey(row));
          else next.set(rowKey(row), row);
          return next;
        }),
      toggleAll: (rows) =>
        setSelected((current) => {
          const next = new Map(current);
          const all = rows.every((row) => next.has(rowKey(row)));
          for (const row of rows) {
            if (all) next.delete(rowKey(row));
            else next.set(rowKey(row), row);
          }
          return next;
        }),
      rowLabel: labels.rowLabel,
      allLabel: labels.allLabel,
    }),
    [selected, rowKey, labels.rowLabel, labels.allLabel],
  );
  return { selected, selection, clear };
}

/** A checkbox named for assistive technology only (the column says what it is for). */
export function SelectionCheckbox({
  label,
  checked,
  onToggle,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onToggle: () => void;
}) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={onToggle} size="sm">
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** The page's checkbox: checked when every row is, indeterminate when some are. */
export function SelectAllCheckbox<TRow>({ rows, selection }: { rows: readonly TRow[]; selection: RowSelection<TRow> }) {
  const count = rows.filter(selection.isSelected).length;
  const checked = count === 0 ? false : count === rows.length ? true : 'indeterminate';
  return (
    <SelectionCheckbox
      label={selection.allLabel}
      checked={rows.length > 0 && checked}
      onToggle={() => selection.toggleAll(rows)}
    />
  );
}
