import { AppProviders } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import AdminPage from '../src/pages/AdminPage';

describe('remote-admin exposed pages', () => {
  it('AdminPage shows its title', async () => {
    render(
      <AppProviders>
        <AdminPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.adminPageTitle })).toBeInTheDocument();
  });
});
