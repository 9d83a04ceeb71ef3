import { configureApiClient } from '@backoffice/api-client';
import { AppProviders } from '@backoffice/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ensureRemotesRegistered } from './federation/ensure-remotes';
import { providedChakraEntries } from './federation/provide-shared';
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

async function main() {
  clearSessionOnLocalhost();
  await documentParsed();
  // The remote registry is runtime data; a failed read leaves remote routes on their retry panel.
  await ensureRemotesRegistered().catch((error: unknown) => console.error('[shell] remotes.json', error));
  const router = createAppRouter();
  configureApiClient({ navigate: (path) => router.navigate(path) });
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Referenced so the bundler keeps every shared module in the share scope (none is loaded here).
void providedChakraEntries;
void main();
