import { type CountNoun, formatCount, uiMessages } from '@backoffice/ui';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { CardList } from './card-list.js';
import { DataTable, type DataTableProps } from './data-table.js';
import { ROW_LIST_ATTRIBUTE } from './focus-return.js';
import { usePhoneLayout } from './phone-layout.js';
import { usePlaceholdersDue } from './placeholder-delay.js';
import { LoadError } from './status-panel.js';

/** What an infinite query (`useAuditEvents`, a history) answers, as far as a keyset list needs it. */
export interface KeysetQuery<TRow> {
  data?: { pages: readonly { data: readonly TRow[] }[] } | undefined;
  isError: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  /** The last try failed: the button says so and tries again. */
  failed?: boolean;
  onLoadMore: () => void;
  /** Where the focus goes when the last page came in while the button had it (the list). */
  focusWhenDone: RefObject<HTMLElement | null>;
}

/**
 * `Carregar mais` under a list read in keyset pages (a cursor, no page numbers). Pressed from the
 * keyboard, the focus stays on it while more remain; when the last page is in and the button goes,
 * the focus goes to the list it added to, never to the page's body.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore, focusWhenDone }: LoadMoreProps) {
  const focused = useRef(false);
  useEffect(() => {
    if (hasMore || !focused.current) return;
    focused.current = false;
    focusWhenDone.current?.focus();
  }, [hasMore, focusWhenDone]);
  if (!hasMore) return null;
  return (
    <HStack gap="3" wrap="wrap">
      <Button
        variant="outline"
        size="sm"
        loading={loading}
        onClick={onLoadMore}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={(event) => {
          // A button that goes from the page while focused blurs with no next target: that is no leave.
          if (event.relatedTarget) focused.current = false;
        }}
      >
        {failed ? uiMessages.retry : uiMessages.loadMore}
      </Button>
      {failed && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {uiMessages.loadMoreFailed}
        </Text>
      )}
    </HStack>
  );
}

export interface KeysetListProps<TRow> extends Omit<DataTableProps<TRow>, 'rows' | 'busy'> {
  query: KeysetQuery<TRow>;
  /** What is counted under the list: `{ one: 'evento', other: 'eventos' }` → `Mostrando 50 eventos`. */
  noun: CountNoun;
  /** What a failed first load says (its button is `Tentar novamente`). */
  loadError: { title: string; description?: string };
  /** Shown instead of the table when nothing matches. */
  empty: ReactNode;
}

/**
 * A list read in keyset pages, newest first (the activity list): skeleton rows while the first page
 * loads, the load error with a retry, the empty state, or the table (cards on a phone) with how many
 * rows are shown and `Carregar mais`. The rows of the previous filter stay, marked busy, while a new
 * one loads.
 */
export function KeysetList<TRow>({ query, noun, loadError, empty, ...table }: KeysetListProps<TRow>) {
  const phone = usePhoneLayout();
  const List = phone ? CardList : DataTable;
  const rows = query.data?.pages.flatMap((page) => page.data);
  const placeholdersDue = usePlaceholdersDue(rows === undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  // The table or the cards: focusable from script (`tabIndex={-1}`), found by their mark.
  const listElement = useMemo(
    () => ({
      get current() {
        return wrapper.current?.querySelector<HTMLElement>(`[${ROW_LIST_ATTRIBUTE}]`) ?? null;
      },
    }),
    [],
  );
  if (query.isError && !query.isFetchNextPageError && rows === undefined) {
    return <LoadError {...loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (rows !== undefined && rows.length === 0 && !query.isPlaceholderData) return empty;
  // One tree whether the rows are in or not: the table stays the same element (and keeps the focus).
  return (
    <Stack gap="3" ref={wrapper}>
      <List
        {...table}
        rows={rows}
        skeletonRows={rows === undefined && !placeholdersDue ? 0 : table.skeletonRows}
        busy={query.isPlaceholderData}
      />
      {rows !== undefined && (
        <HStack gap="4" justify="space-between" wrap="wrap">
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {uiMessages.showing(formatCount(rows.length, noun))}
          </Text>
          <LoadMore
            hasMore={query.hasNextPage && !query.isPlaceholderData}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onLoadMore={() => void query.fetchNextPage()}
            focusWhenDone={listElement}
          />
        </HStack>
      )}
    </Stack>
  );
}
