import { configureApiClient } from '@backoffice/api-client';
// Through the package name: the shared singleton, not a second copy of the providers.
import { AppProviders } from '@backoffice/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/**
 * Runs a remote on its own for its team (`pnpm --filter remote-x dev`), with the same providers the
 * shell gives it. Not used when the shell loads the remote.
 */
export function mountStandalone(routes: RouteObject[], container = document.getElementById('root')): void {
  if (!container) throw new Error('No #root element to render into');
  const router = createBrowserRouter(routes);
  configureApiClient({ navigate: (path) => router.navigate(path) });
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
