import { AppProviders } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import SettingsPage from '../src/pages/SettingsPage';

describe('remote-settings exposed pages', () => {
  it('SettingsPage shows its title', async () => {
    render(
      <AppProviders>
        <SettingsPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.settingsPageTitle })).toBeInTheDocument();
  });
});
