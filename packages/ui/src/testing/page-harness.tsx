import { queryClient } from '@backoffice/api-client';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app-providers.js';

/**
 * Component-test harness for pages that call the API: a recorded fake behind `fetch` and a
 * signed-in render with the product's providers and a router. Shared by the remotes' tests.
 */

// Chakra's dialogs and menus animate in; a 2-core machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** An answer, `undefined` for 404, or `'pending'` for a request that never completes. */
type Handler = (call: Call) => { status: number; body: unknown } | 'pending' | undefined;

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
    const result = handler(call);
    if (result === 'pending') return new Promise<Response>(() => {});
    const answer = result ?? { status: 404, body: { detail: 'Not Found' } };
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
