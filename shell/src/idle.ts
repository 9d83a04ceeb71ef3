import { queryClient } from '@backoffice/api-client';

/** Runs `run` when the browser has nothing better to do (at the latest after 5 s). */
export type IdleCallback = (run: () => void) => void;

export const whenIdle: IdleCallback = (run) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : setTimeout(run, 200);

/** A page whose data never stops arriving (polling) is taken as settled after this long. */
const SETTLE_AT_THE_LATEST_MS = 10_000;

/**
 * Runs `run` once the page in use is settled — none of its data is being fetched — and then the
 * browser is idle. Code loaded ahead of use (the menu's other pages, the user menu, the tooltips)
 * then never competes with what the person is waiting for: while a page waits for its data the
 * browser looks idle, yet the answer it waits for is on the same connection.
 */
const whenSettled: IdleCallback = (run) => {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(latest);
    whenIdle(run);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) go();
  });
  const latest = setTimeout(go, SETTLE_AT_THE_LATEST_MS);
  // Checked after this task: the page's first queries start in the same render as the caller.
  setTimeout(() => {
    if (queryClient.isFetching() === 0) go();
  }, 0);
};

/** Visitors who asked their browser to save data get code ahead of use on intent (hover, focus) only. */
export function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Loads code ahead of its use (`run`) once the page is settled and the browser idle; never with Save-Data. */
export function loadAheadWhenSettled(run: () => void): void {
  if (!savesData()) whenSettled(run);
}
