import type { RemoteDefinition } from '@backoffice/remote-contract';
import { fakeApi, renderRoutes, superuser } from '@backoffice/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { standaloneRoutes } from '../src/standalone';

/** A remote's declaration as its src/remote.ts gives it (see @backoffice/remote-contract). */
const remote: RemoteDefinition<'GreetingsPage'> = {
  name: 'greetings',
  exposes: { GreetingsPage: { file: './pages/GreetingsPage' } },
  screens: [
    { path: '/greetings/:name', expose: 'GreetingsPage', title: 'Saudação', access: 'signed-in' },
    {
      path: '/greetings',
      expose: 'GreetingsPage',
      title: 'Saudações',
      access: 'signed-in',
      menu: { label: 'Saudações', icon: 'smile', order: 15 },
    },
  ],
};
const pages = { GreetingsPage: async () => ({ default: () => <h1>greetings page</h1> }) };

describe('a remote’s standalone page', () => {
  it('asks a visitor to sign in against the real login endpoint, then opens the area', async () => {
    const calls = fakeApi((call) => {
      if (call.path === '/login/access-token') {
        const form = new URLSearchParams(String(call.body));
        return form.get('password') === 'right-password'
          ? { status: 200, body: { access_token: 'fresh', token_type: 'bearer' } }
          : { status: 400, body: { detail: 'Incorrect email or password' } };
      }
      if (call.path === '/users/me') return { status: 200, body: superuser };
      return undefined;
    });
    const { router, user } = renderRoutes(standaloneRoutes(remote, pages), '/greetings', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Entrar para usar Saudações' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText(/^E-mail/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Senha/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail ou senha incorretos.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Senha/));
    await user.type(screen.getByLabelText(/^Senha/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'greetings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/greetings');
    expect(localStorage.getItem('access_token')).toBe('fresh');
    expect(calls.filter((call) => call.path === '/login/access-token')).toHaveLength(2);
  });

  it('opens a signed-in user’s screens directly, parameters included', async () => {
    fakeApi(() => undefined);
    const { router } = renderRoutes(standaloneRoutes(remote, pages), '/greetings/Ana');
    expect(await screen.findByRole('heading', { name: 'greetings page' })).toBeInTheDocument();
    // A signed-in user has nothing to do at the sign-in: back to the area's first screen.
    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/greetings'));
  });
});
