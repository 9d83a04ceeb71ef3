import * as v from 'valibot';

/**
 * A list's order as its URL and API say it: a column's sort key for ascending, with `-` in front for
 * descending (`trading_name`, `-trading_name`); `undefined` is the list's default order.
 */
export type SortDirection = 'ascending' | 'descending';

/** `-trading_name` → `{ key: 'trading_name', direction: 'descending' }`. */
export function readSort(sort: string | undefined): { key: string; direction: SortDirection } | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'descending' } : { key: sort, direction: 'ascending' };
}

/**
 * What a click on a column header does: another column sorts ascending, the sorted column turns
 * descending, and a descending column goes back to the default order (so the default is one click away).
 */
export function nextSort(current: string | undefined, key: string): string | undefined {
  const sorted = readSort(current);
  if (sorted?.key !== key) return key;
  return sorted.direction === 'ascending' ? `-${key}` : undefined;
}

/** `aria-sort` of a column header under the current order. */
export function ariaSortOf(current: string | undefined, key: string): 'ascending' | 'descending' | 'none' {
  const sorted = readSort(current);
  return sorted?.key === key ? sorted.direction : 'none';
}

/**
 * `sort` of a list URL: one of `allowed`; anything else (an old link, a typo) is the default order,
 * like an invalid page is page 1. The default itself (`defaultSort`) reads as absent, so it never
 * lingers in the URL.
 */
export function sortParam<const TSort extends string>(allowed: readonly TSort[], defaultSort?: TSort) {
  return v.fallback(
    v.optional(
      v.pipe(
        v.picklist(allowed),
        v.transform((value): TSort | undefined => (value === defaultSort ? undefined : value)),
      ),
    ),
    undefined,
  );
}
