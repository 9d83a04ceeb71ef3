import { AppProviders } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage from '../src/pages/CompaniesPage';

afterEach(() => vi.unstubAllGlobals());

describe('remote-companies exposed pages', () => {
  it('CompaniesPage shows its title inside the shell-like providers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [], count: 0, count_is_exact: true }), { status: 200 })),
    );
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/companies']}>
          <CompaniesPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.companiesPageTitle })).toBeInTheDocument();
  });
});
