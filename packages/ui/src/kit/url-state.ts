import { MAX_SKIP } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';

/**
 * `page` of a list URL: a whole number from 1 within the API's reach; anything else (absent, empty,
 * zero, negative, fractional, text) is page 1.
 */
export function pageParam(pageSize: number) {
  return v.fallback(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(Math.floor(MAX_SKIP / pageSize)),
    ),
    1,
  );
}

/**
 * A list screen's URL schema: its parameters (`page` for a paged list), each turning an invalid
 * value into its fallback (the URL is typed by people and old links; it never fails the screen).
 */
export type ListSearchSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
export type ListSearch<TSchema extends ListSearchSchema> = v.InferOutput<TSchema>;
export type ListSearchChanges<TSchema extends ListSearchSchema> = {
  [K in keyof ListSearch<TSchema>]?: ListSearch<TSchema>[K] | undefined;
};

/** The parameters `schema` owns, read from the URL: an empty value counts as absent. */
export function readListSearch<TSchema extends ListSearchSchema>(
  schema: TSchema,
  params: URLSearchParams,
): ListSearch<TSchema> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.entries)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  return v.parse(schema, raw);
}

/**
 * `current` with `changes` applied: absent or empty values and page 1 leave the URL, parameters the
 * screen does not own (a host page's) stay. Changing anything but `page` goes back to page 1.
 */
export function applyListSearch(current: URLSearchParams, changes: Record<string, unknown>): URLSearchParams {
  const next = new URLSearchParams(current);
  const entries = Object.entries(changes);
  for (const [key, value] of entries) {
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '' || (key === 'page' && text === '1')) next.delete(key);
    else next.set(key, text);
  }
  if (entries.some(([key]) => key !== 'page') && !('page' in changes)) next.delete('page');
  return next;
}

/**
 * The URL is the source of truth of a list (DESIGN §6): reload and back/forward restore the view.
 * `params` is `schema`'s reading of the URL; `setParams` changes some (page back to 1 unless `page`
 * is among them), `setPage` moves within the list.
 */
export function useListSearchParams<TSchema extends ListSearchSchema>(schema: TSchema) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Keyed on the serialised URL: `searchParams` is a new object at every navigation, even to the same URL.
  const params = useMemo(() => readListSearch(schema, new URLSearchParams(key)), [schema, key]);
  const setParams = useCallback(
    (changes: ListSearchChanges<TSchema>, options?: { replace?: boolean }) =>
      setSearchParams((current) => applyListSearch(current, changes), options),
    [setSearchParams],
  );
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      setSearchParams((current) => applyListSearch(current, { page }), options),
    [setSearchParams],
  );
  return { params, setParams, setPage };
}

/** A list whose URL holds only its page (`?page=N`). */
export function usePageParam(pageSize: number) {
  const schema = useMemo(() => v.object({ page: pageParam(pageSize) }), [pageSize]);
  const { params, setPage } = useListSearchParams(schema);
  return [params.page, setPage] as const;
}
