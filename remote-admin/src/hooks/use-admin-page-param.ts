import { MAX_SKIP, USERS_PAGE_SIZE } from '@backoffice/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';

/** `page` of the URL: a whole number from 1; anything else (absent, empty, 0, text) is page 1. */
const PageParamSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(Math.floor(MAX_SKIP / USERS_PAGE_SIZE)),
);

export function parsePageParam(raw: string | null): number {
  const result = v.safeParse(PageParamSchema, raw ?? '');
  return result.success ? result.output : 1;
}

/** The admin list's page lives in the URL (`?page=N`), the source of truth for the screen. */
export function useAdminPageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const setPage = useCallback(
    (next: number) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set('page', String(next));
        return params;
      });
    },
    [setSearchParams],
  );
  return [page, setPage];
}
