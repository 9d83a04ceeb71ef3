import { FIRST_PAINT_ELEMENT_ID } from '@backoffice/contracts';

/** The longest the app waits for the browser to paint before it starts anyway (a frame that never comes). */
const LONGEST_WAIT_MS = 100;

/**
 * Resolves once the browser has painted what the parser has put in the page, when the page has a first
 * paint to show (docs/architecture.md, "First paint does not wait for code").
 *
 * Why: the page's scripts are deferred, and Chromium runs them in the task that ends the parse. The
 * parser may have yielded mid-body (a slow CPU, a large head), so the frame on screen then shows part of
 * the first paint — the login form's heading without its button — and the rest waits behind the app's
 * start-up, a second of main-thread work at 4× CPU. Waiting for one frame lets the browser paint the
 * whole first paint first; the paint would come after the start-up otherwise, so the app's own start is
 * not delayed by more than the frame's wait.
 *
 * A hidden page paints no frames (Chromium stops animation frames in a background tab): it starts at once.
 */
export function afterFirstPaint(): Promise<void> {
  if (!document.getElementById(FIRST_PAINT_ELEMENT_ID) || document.visibilityState === 'hidden')
    return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, LONGEST_WAIT_MS);
    // An animation frame runs just before the paint; a task posted from it runs after.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(fallback);
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  });
}
