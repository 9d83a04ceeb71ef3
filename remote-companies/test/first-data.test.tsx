import { queryClient } from '@backoffice/api-client';
import { declaredFirstRequests, fakeApi, listOf, makeCompany, renderRoutes } from '@backoffice/ui/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prefetch } from '../src/pages/CompaniesPage';
import CompanyPage from '../src/pages/CompanyPage';
import remote from '../src/remote';

/**
 * The list's `firstData` declaration is what the server lists for the page's head script to ask for; the
 * early answer is used only when it is the very request the page makes itself. Both read the same URL.
 */
describe('the companies screen’s declared first request', () => {
  const declared = remote.screens.find((screen) => screen.path === '/companies');

  it.each([
    '',
    'page=2',
    'page=4&search=%20acme%20ltda%20',
    'search=12.345&type=filial&is_active=false&sort=-trading_name',
    'is_active=true&sort=newest',
    'page=0&type=&search=',
    'page=abc&type=holding&is_active=maybe&sort=bogus&search=',
  ])('is the page’s own request for ?%s', async (search) => {
    if (!declared?.firstData) throw new Error('no firstData declared for /companies');
    localStorage.setItem('access_token', 'test-token');
    queryClient.clear();
    const calls = fakeApi(() => ({ status: 200, body: listOf([]) }));
    prefetch(new URLSearchParams(search));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect([calls[0]?.url.href]).toEqual(declaredFirstRequests(declared, `/companies?${search}`));
  });
});

describe('the company page’s declared first requests', () => {
  const declared = remote.screens.find((screen) => screen.path === '/companies/:id');

  it.each(['0b1c5d2e-0000-4000-8000-000000000007', 'a b', 'não-existe'])(
    'are the page’s own requests for %s',
    async (id) => {
      if (!declared?.firstData) throw new Error('no firstData declared for /companies/:id');
      const company = makeCompany(7);
      const calls = fakeApi((call) =>
        call.path.endsWith('/history')
          ? { status: 200, body: { data: [], next_cursor: null } }
          : { status: 200, body: { ...company, id } },
      );
      const url = `/companies/${encodeURIComponent(id)}`;
      renderRoutes([{ path: '/companies/:id', element: <CompanyPage /> }], url);
      const expected = declaredFirstRequests(declared, url);
      expect(expected).toHaveLength(2);
      await waitFor(() => expect(calls.map((call) => call.url.href)).toEqual(expect.arrayContaining(expected)));
    },
  );
});
