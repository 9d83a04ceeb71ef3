import type { CompaniesFilter } from '@backoffice/api-client';
import { COMPANIES_PAGE_SIZE, COMPANY_TYPES, DEFAULT_PAGE, MAX_SKIP, SEARCH_MAX_LENGTH } from '@backoffice/contracts';
import * as v from 'valibot';

/** The URL keys this screen owns; any other query parameter (a host page's own) is left alone. */
export const COMPANIES_SEARCH_KEYS = ['page', 'search', 'type', 'is_active'] as const;
type SearchKey = (typeof COMPANIES_SEARCH_KEYS)[number];

const MAX_PAGE = Math.floor(MAX_SKIP / COMPANIES_PAGE_SIZE);

/**
 * The companies screen's URL state (spec §5): `page` a whole number from 1 (anything else is 1),
 * `search` free text, `type` only matriz|filial, `is_active` only 'true'|'false'. An empty string
 * counts as absent, and an invalid value is dropped rather than failing the screen.
 */
export const CompaniesSearchSchema = v.object({
  page: v.fallback(
    v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1), v.maxValue(MAX_PAGE)),
    DEFAULT_PAGE,
  ),
  search: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH) || undefined),
      ),
    ),
    undefined,
  ),
  type: v.fallback(v.optional(v.picklist(COMPANY_TYPES)), undefined),
  is_active: v.fallback(
    v.optional(
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((value) => value === 'true'),
      ),
    ),
    undefined,
  ),
});

export function parseCompaniesSearch(params: URLSearchParams): CompaniesFilter {
  const raw: Partial<Record<SearchKey, string>> = {};
  for (const key of COMPANIES_SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const { page, search, type, is_active } = v.parse(CompaniesSearchSchema, raw);
  const filter: CompaniesFilter = { page };
  if (search !== undefined) filter.search = search;
  if (type !== undefined) filter.type = type;
  if (is_active !== undefined) filter.is_active = is_active;
  return filter;
}

/** True when a search or filter narrows the list (what tells "no companies yet" from "no result"). */
export function hasActiveFilters(filter: CompaniesFilter): boolean {
  return filter.search !== undefined || filter.type !== undefined || filter.is_active !== undefined;
}

export type CompaniesSearchChanges = Partial<{
  page: number;
  search: string | undefined;
  type: CompaniesFilter['type'];
  is_active: boolean | undefined;
}>;

/**
 * `current` with `changes` applied: absent/empty values and page 1 are removed from the URL, other
 * parameters are kept. Changing a filter (anything but `page`) resets the page to 1.
 */
export function applyCompaniesSearch(current: URLSearchParams, changes: CompaniesSearchChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  const entries = Object.entries(changes) as [SearchKey, string | number | boolean | undefined][];
  const filterChanged = entries.some(([key]) => key !== 'page');
  for (const [key, value] of entries) {
    const text = value === undefined ? '' : String(value).trim();
    if (text === '' || (key === 'page' && text === String(DEFAULT_PAGE))) next.delete(key);
    else next.set(key, text);
  }
  if (filterChanged && !('page' in changes)) next.delete('page');
  return next;
}
