import { AppProviders } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage from '../src/pages/CompaniesPage';

describe('remote-companies exposed pages', () => {
  it('CompaniesPage shows its title', async () => {
    render(
      <AppProviders>
        <CompaniesPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.companiesPageTitle })).toBeInTheDocument();
  });
});
