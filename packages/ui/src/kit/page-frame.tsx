import { FIRST_PAINT_ELEMENT_ID } from '@backoffice/contracts';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

export interface PageFrameProps {
  /** The page's one `h1`. */
  title: string;
  /** The page's main action, at the right of the title (e.g. the add button). */
  action?: ReactNode;
  /** A line under the title (a list's total). */
  description?: ReactNode;
  /** Search and filter controls between the title and the content. */
  filters?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a remote's screen inside the shell: title and action, then filters, then the content.
 * The title row is committed first and the rest rendered right after, from an effect of that first commit:
 * after a menu click the heading and main action show in about half the time — one render of the whole
 * page held them back behind the toolbar and the table, whose styled elements each work out their styles
 * as they render — while the whole page comes about as soon as before (docs/performance.md, 2026-11-24
 * 07:26 UTC). A page with filters gets them in a commit of their own, and its content in a transition
 * after them: the search box takes keys while the table renders, in slices that let a key press through
 * (docs/performance.md, 2026-11-30 23:39 UTC). Taking over a prerendered first paint, whose title row is on screen
 * already, the filters come with the title row (docs/performance.md, 2026-12-01 11:56 UTC). The page's own hooks run
 * in the first render, so its data is asked for sooner.
 */
export function PageFrame({ title, action, description, filters, children }: PageFrameProps) {
  // Grey bars stand for the body in a prerendered first paint and in the commit that takes it over (the
  // same picture, no jump; a page with filters has them there instead of their bar); after a menu click the
  // title row comes alone, the fewer elements the sooner.
  const [bodySkeleton] = useState(firstPaintShowing);
  const hasFilters = filters !== undefined && filters !== null && filters !== false;
  // Taking over a first paint, the title row is already on screen: a commit of its own would only put
  // off the filters (and the page being live) by a commit, its effects and a style and layout pass.
  const [stage, setStage] = useState<Stage>(() => (bodySkeleton && hasFilters ? 'filters' : 'title'));
  useEffect(() => {
    if (stage === 'title') setStage(hasFilters ? 'filters' : 'body');
    else if (stage === 'filters') startTransition(() => setStage('body'));
  }, [stage, hasFilters]);
  return (
    <Stack {...PAGE_STACK}>
      <TitleRow title={title} description={description} action={action} />
      {stage === 'title' ? bodySkeleton && <BodySkeleton /> : filters}
      {stage === 'body' ? children : stage === 'filters' && bodySkeleton && <BodySkeleton rowsOnly />}
    </Stack>
  );
}

/** What of the page is rendered: the title row alone, then the filters, then everything. */
type Stage = 'title' | 'filters' | 'body';

/** Rendering the first paint (in Node, at build time), or the app about to take it over. */
const firstPaintShowing = () =>
  typeof document === 'undefined' || document.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;

const PAGE_STACK = { gap: '6', p: { base: '4', md: '8' } } as const;

function TitleRow({ title, description, action }: Pick<PageFrameProps, 'title' | 'description' | 'action'>) {
  return (
    <Flex gap="4" justify="space-between" align="center" wrap="wrap">
      <Stack gap="1">
        {/* Focusable from script only: where the focus goes when a dialog's row and list are gone. */}
        <Heading as="h1" size="2xl" tabIndex={-1}>
          {title}
        </Heading>
        {description}
      </Stack>
      {action}
    </Flex>
  );
}

/**
 * Grey bars where the filters and the list will be: what the first commit and a prerendered first paint
 * show under the title row (a picture only: the page says it is loading once its list does); the list's
 * bars alone once the filters are there.
 */
function BodySkeleton({ rowsOnly = false }: { rowsOnly?: boolean }) {
  return (
    <Stack gap="3" aria-hidden>
      {!rowsOnly && <Skeleton height="10" maxW="md" />}
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} height="10" />
      ))}
    </Stack>
  );
}

/**
 * A screen's first paint before its code is there (the shell prerenders it, the server writes in the
 * registry's title): the title row as `PageFrame` draws it, and grey bars where the content will be.
 */
export function PageFrameSkeleton({ title, loadingLabel }: { title: string; loadingLabel: string }) {
  return (
    <Stack {...PAGE_STACK}>
      <TitleRow title={title} />
      <Stack role="status" aria-label={loadingLabel}>
        <BodySkeleton />
      </Stack>
    </Stack>
  );
}
