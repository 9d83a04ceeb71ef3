import { queryClient } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { AppProviders } from '@backoffice/ui';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

// Chakra's dialogs and menus animate in; a shared 2-core machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

export const me: UserPublic = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  full_name: 'Ana Lima',
  is_active: true,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
};

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body: unknown } | undefined;

/** A fake API behind `fetch`: every call is recorded, the first handler that answers wins. */
export function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/api/v1', ''),
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { detail: 'Not Found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders a page at `path` with the product's providers and a signed-in session. */
export function renderPage(element: ReactElement, path: string, route = path.split('?')[0] ?? '/') {
  localStorage.setItem('access_token', 'test-token');
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
