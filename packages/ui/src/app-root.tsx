import { configureApiClient } from '@backoffice/api-client';
// Through the package name: the shared singleton, not a second copy of the providers.
import { AppProviders } from '@backoffice/ui';
import { type ComponentProps, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/**
 * Starts an app on its router — the shell, and a remote run on its own: the API client navigates with
 * this router (a session change never reloads the page), and the one tree every app renders goes into
 * `container`.
 */
export function renderApp(container: Element, router: AppRouter): Root {
  configureApiClient({ navigate: (path) => router.navigate(path) });
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return root;
}
