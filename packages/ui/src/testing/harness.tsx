import { configureApiClient, queryClient } from '@backoffice/api-client';
import { API_PREFIX, firstDataRequests } from '@backoffice/contracts';
import { AppProviders, clearToasts } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { afterEach, vi } from 'vitest';

/**
 * The one component-test harness of the apps: a recorded fake API behind `fetch`, and a render of a
 * page (or a few routes) with the product's providers, a memory router wired to the session (a login
 * or logout navigates it), and optionally a signed-in session.
 */

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** One request the page made: method, path after `/api/v1`, query, body (JSON parsed, else as sent). */
export interface Call {
  method: string;
  /** The whole URL, base included. */
  url: URL;
  headers: Headers;
  path: string;
  search: URLSearchParams;
  body: unknown;
  contentType: string | null;
  /** The request's abort signal, if it was given one. */
  signal: AbortSignal | undefined;
}

/**
 * An answer of the fake API; no `body` answers with an empty body. A body is sent as JSON unless
 * `contentType` names another type (a CSV file), then it is sent as given.
 */
export interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * How the fake API answers a call: an answer (now or later), `undefined` for a 404, `'pending'` for a
 * request that never completes, `'unreachable'` for no answer at all (the server is down).
 */
export type Handler = (call: Call) => Answer | Promise<Answer> | 'pending' | 'unreachable' | undefined;

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A fake API behind `fetch`: every call is recorded in the returned list, `handler` answers it. */
export function fakeApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        headers,
        path: url.pathname.replace(/^\/api\/v1/, ''),
        search: url.searchParams,
        body: parseBody(init?.body),
        contentType: headers.get('Content-Type'),
        signal: init?.signal ?? undefined,
      };
      calls.push(call);
      const result = handler(call);
      // As a real fetch does, a pending request ends with an AbortError when its signal aborts.
      if (result === 'pending') {
        return new Promise<Response>((_, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      if (result === 'unreachable') throw new TypeError('Failed to fetch');
      const answer = (await result) ?? { status: 404, body: { detail: 'Not Found' } };
      const contentType = answer.contentType ?? 'application/json';
      const raw = contentType === 'application/json' ? JSON.stringify(answer.body) : (answer.body as BodyInit);
      return new Response(answer.body === undefined ? null : raw, {
        status: answer.status,
        headers: { ...answer.headers, 'Content-Type': contentType },
      });
    }),
  );
  return calls;
}

/** An answer the test releases when it wants (a request kept in flight). */
export function deferredAnswer() {
  let release: (answer: Answer) => void = () => {};
  const promise = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

export interface RenderOptions {
  /** Store an access token first, as after a login (default true). */
  signedIn?: boolean;
}

/** Renders `routes` at `path` with the product's providers; returns the router and a user-event session. */
export function renderRoutes(routes: RouteObject[], path: string, { signedIn = true }: RenderOptions = {}) {
  if (signedIn) localStorage.setItem('access_token', 'test-token');
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureApiClient({ navigate: (to) => router.navigate(to) });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

/** Renders one page at `path` (its route is the path without the query string; others show `elsewhere`). */
export function renderPage(element: ReactElement, path: string, options?: RenderOptions) {
  const route = path.split('?')[0] ?? '/';
  return renderRoutes(
    [
      { path: route, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
    options,
  );
}

/** The control labelled `label` exactly (the label may also hold the required mark `*`). */
export function fieldByLabel(label: string, scope: Pick<typeof screen, 'getByLabelText'> = screen): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`)) as HTMLInputElement;
}

/** The error messages shown for the field labelled `label`, in order (none: `[]`). */
export function errorsOf(label: string): string[] {
  const id = fieldByLabel(label).getAttribute('aria-errormessage');
  const errorText = id ? document.getElementById(id) : null;
  if (!errorText) return [];
  // Several messages are one line each; a single message is the element's own text.
  const lines = Array.from(errorText.children, (child) => child.textContent ?? '');
  return lines.length > 0 ? lines : errorText.textContent ? [errorText.textContent] : [];
}

/** The table row that shows `text` (rows have no accessible name of their own). */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No table row shows ${text}`);
  return row;
}

/**
 * The URLs of the requests a screen declares it makes first (`firstData`) at `url` (a path with its
 * search), as the server lists them for the page's head script: a test renders the page there and
 * checks it made each of them, the very request an early answer is kept for (api-client early-data.ts).
 */
export function declaredFirstRequests(screen: Parameters<typeof firstDataRequests>[0], url: string): string[] {
  const { pathname, searchParams } = new URL(url, window.location.origin);
  return firstDataRequests(screen, pathname, (name) => searchParams.get(name)).map(({ path, query }) => {
    const search = new URLSearchParams(query).toString();
    return `${window.location.origin}${API_PREFIX}${path}${search ? `?${search}` : ''}`;
  });
}
