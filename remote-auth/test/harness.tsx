import { queryClient, setSessionNavigator } from '@backoffice/api-client';
import { AppProviders, toaster } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import Login from '../src/pages/Login';
import RecoverPassword from '../src/pages/RecoverPassword';
import ResetPassword from '../src/pages/ResetPassword';
import Signup from '../src/pages/Signup';
import { paths } from '../src/paths';

/** What the fake API was asked: method, path (after /api/v1), the raw body. */
export interface SentRequest {
  method: string;
  path: string;
  body: string | undefined;
  contentType: string | null;
}

export const fetchMock = vi.fn<typeof fetch>();
export const sent: SentRequest[] = [];

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The fake API answers every request with `answer` (a Response, or a promise of one). */
export function answerWith(answer: () => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      body: typeof init?.body === 'string' ? init.body : undefined,
      contentType: new Headers(init?.headers).get('Content-Type'),
    });
    return answer();
  });
}

/** A request that stays pending until the test lets it go. */
export function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  localStorage.clear();
  queryClient.clear();
});

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const PAGES: Record<string, ComponentType> = {
  [paths.login]: Login,
  [paths.signup]: Signup,
  [paths.recoverPassword]: RecoverPassword,
  [paths.resetPassword]: ResetPassword,
};

export const HOME_TEXT = 'Página inicial (teste)';

/** Renders the account routes in a memory router at `url`, with the providers the shell gives. */
export function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>{HOME_TEXT}</p> },
      ...Object.entries(PAGES).map(([path, Component]) => ({ path, Component })),
    ],
    { initialEntries: [url] },
  );
  setSessionNavigator((path) => router.navigate(path));
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

/** The control labelled `label` (the label also holds the required marker `*`). */
export function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** The visible error texts of the field labelled `label`, in order. */
export function errorsOf(label: string): string[] {
  const input = field(label);
  const id = input.getAttribute('aria-errormessage');
  if (!id) return [];
  const errorText = document.getElementById(id);
  if (!errorText) return [];
  // Several messages are one line each; a single message is the element's own text.
  const lines = Array.from(errorText.children, (child) => child.textContent ?? '');
  return lines.length > 0 ? lines : errorText.textContent ? [errorText.textContent] : [];
}
