/**
 * The server names every file a route's first screen loads in the page, as deferred scripts after the
 * shell's own (packages/server, first-screen.ts). When one fails to download (a remote that is down, a
 * moment offline), the code that needs it asks for it again: webpack's chunk loader and the federation
 * runtime each look for a `<script>` of the same `src` first and wait on it. A deferred script's error
 * fires in document order, after the shell's entry ran but — the app starting after the first frame
 * (first-paint/after-paint.ts) — before the app asks: the loaders would wait on a script that has
 * already failed, and "Tentar novamente" would never show. A page-named script that fails is removed
 * from the page, so the loaders make their own request.
 */
export function forgetFailedFirstScreenScripts(): void {
  window.addEventListener(
    'error',
    (event) => {
      // A script's error does not bubble: it is seen here in the capture phase. Only the page's own
      // (deferred) scripts: the loaders remove theirs and report the failure themselves.
      const failed = event.target;
      if (failed instanceof HTMLScriptElement && failed.defer && failed.src) failed.remove();
    },
    true,
  );
}
