import type { Page } from '@playwright/test';

/**
 * A promise and the function that fulfils it (Node 20 has no `Promise.withResolvers`): a test holds
 * something (a request, an answer) until it has looked at the screen meanwhile.
 */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((fulfil) => {
    resolve = fulfil;
  });
  return { promise, resolve };
}

/** Holds the page's requests to `url` until the function returned is called, then lets them through. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  const held = deferred();
  await page.route(url, async (route) => {
    await held.promise;
    await route.continue();
  });
  return held.resolve;
}
