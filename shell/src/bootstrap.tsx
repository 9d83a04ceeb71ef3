import { renderApp } from '@backoffice/ui/app-root';
import { ensureRemotesRegistered } from './federation/ensure-remotes';
import { providedChakraEntries } from './federation/provide-shared';
import { getRegistry } from './federation/registry';
import { createAppRouter } from './routes/router';
import { clearSessionOnLocalhost } from './session-start';

/**
 * The server names the first screen's remote files in the page as deferred scripts; they have all
 * run once the document is parsed, so the runtime finds them loaded instead of asking again.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/**
 * `?remote-override=` has done its work once the server answered the page (it keeps the override in a
 * cookie): the address bar drops it, so a copied link or a reload does not ask again.
 */
function forgetOverrideParameter() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('remote-override')) return;
  url.searchParams.delete('remote-override');
  window.history.replaceState(window.history.state, '', url);
}

async function main() {
  clearSessionOnLocalhost();
  await documentParsed();
  forgetOverrideParameter();
  // The registry is runtime data: the routes, menu and titles are built from it. A failed read leaves
  // every path on a retry panel (see the not-found route).
  await ensureRemotesRegistered().catch((error: unknown) => console.error('[shell] registry', error));
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  renderApp(container, createAppRouter(getRegistry()));
}

// Referenced so the bundler keeps every shared module in the share scope (none is loaded here).
void providedChakraEntries;
void main();
