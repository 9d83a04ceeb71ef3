import { AppProviders } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import Login from '../src/pages/Login';
import RecoverPassword from '../src/pages/RecoverPassword';
import ResetPassword from '../src/pages/ResetPassword';
import Signup from '../src/pages/Signup';

describe('remote-auth exposed pages', () => {
  it('Login shows its title', async () => {
    render(
      <AppProviders>
        <Login />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.loginTitle })).toBeInTheDocument();
  });

  it('Signup shows its title', async () => {
    render(
      <AppProviders>
        <Signup />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.signupTitle })).toBeInTheDocument();
  });

  it('RecoverPassword shows its title', async () => {
    render(
      <AppProviders>
        <RecoverPassword />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.recoverPasswordTitle })).toBeInTheDocument();
  });

  it('ResetPassword shows its title', async () => {
    render(
      <AppProviders>
        <ResetPassword />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: messages.resetPasswordTitle })).toBeInTheDocument();
  });
});
