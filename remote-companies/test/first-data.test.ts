import { queryClient } from '@backoffice/api-client';
import { firstDataQuery } from '@backoffice/contracts';
import { fakeApi, listOf } from '@backoffice/ui/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prefetch } from '../src/pages/CompaniesPage';
import remote from '../src/remote';

/**
 * The list's `firstData` declaration is what the server lists for the page's head script to ask for; the
 * early answer is used only when it is the very request the page makes itself. Both read the same URL.
 */
describe('the companies screen’s declared first request', () => {
  const declared = remote.screens.find((screen) => screen.path === '/companies')?.firstData;

  it.each([
    '',
    'page=2',
    'page=4&search=%20acme%20ltda%20',
    'search=12.345&type=filial&is_active=false&sort=-trading_name',
    'is_active=true&sort=newest',
    'page=0&type=&search=',
    'page=abc&type=holding&is_active=maybe&sort=bogus&search=',
  ])('is the page’s own request for ?%s', async (search) => {
    if (!declared) throw new Error('no firstData declared for /companies');
    localStorage.setItem('access_token', 'test-token');
    queryClient.clear();
    const calls = fakeApi(() => ({ status: 200, body: listOf([]) }));
    prefetch(new URLSearchParams(search));
    await waitFor(() => expect(calls).toHaveLength(1));
    const params = new URLSearchParams(search);
    const query = new URLSearchParams(firstDataQuery(declared, (name) => params.get(name)));
    expect(calls[0]?.url.href).toBe(`${window.location.origin}/api/v1${declared.list}?${query}`);
  });
});
