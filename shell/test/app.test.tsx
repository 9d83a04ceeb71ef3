import { queryClient, setSessionNavigator } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { AppProviders } from '@backoffice/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/federation/ensure-remotes', () => ({ ensureRemotesRegistered: vi.fn(async () => {}) }));
vi.mock('../src/federation/runtime', () => {
  class RemoteLoadError extends Error {
    remote: string;
    constructor(remote: string) {
      super(`Remote "${remote}" could not be loaded`);
      this.remote = remote;
    }
  }
  return {
    RemoteLoadError,
    remoteNameOf: (id: string) => id.split('/')[0],
    loadRemoteModule: vi.fn(),
  };
});

const { loadRemoteModule } = await import('../src/federation/runtime');
const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
const { routes } = await import('../src/routes/router');
const loadRemote = vi.mocked(loadRemoteModule);

const admin: UserPublic = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  full_name: 'Admin Root',
  is_active: true,
  is_superuser: true,
  created_at: '2026-01-01T00:00:00Z',
};
const ana = {
  ...admin,
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ana@example.com',
  full_name: null,
  is_superuser: false,
};
const company = (i: number, active: boolean) => ({
  id: `c${i}`,
  trading_name: `C${i}`,
  legal_name: `L${i}`,
  tax_id: '11222333000181',
  type: 'matriz',
  is_active: active,
  created_at: 'x',
  updated_at: 'x',
});

let me: UserPublic = admin;
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  me = admin;
  localStorage.clear();
  queryClient.clear();
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (id: string) => ({
    default: () => <h1>{`page ${id}`}</h1>,
  }));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/v1/users/me') return json(200, me);
    if (url.pathname === '/api/v1/companies/')
      return json(200, {
        data: [company(1, true), company(2, false), company(3, true)],
        count: 7,
        count_is_exact: true,
      });
    if (url.pathname === '/api/v1/users/') return json(200, { data: [admin, { ...ana, is_active: false }], count: 2 });
    return json(404, { detail: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setSessionNavigator((to) => router.navigate(to));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// jsdom applies no media queries, so the desktop sidebar counts as hidden there: query it with `hidden`.
const hidden = { hidden: true } as const;
const nav = () => within(screen.getByTestId('sidebar')).getByRole('navigation', hidden);

describe('session guard', () => {
  it('sends a visitor without token to /login, which the auth remote renders', async () => {
    const router = renderApp('/companies');
    expect(await screen.findByText('page remote_auth/Login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ends an expired session: a 401 on the current user logs out to /login', async () => {
    localStorage.setItem('access_token', 'expired');
    fetchMock.mockImplementation(async () => json(401, { detail: 'Could not validate credentials' }));
    const router = renderApp('/settings');
    expect(await screen.findByText('page remote_auth/Login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends a logged-in user away from the public routes', async () => {
    localStorage.setItem('access_token', 't');
    const router = renderApp('/signup');
    expect(await screen.findByText('Bem-vindo(a), Admin Root!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('frame and dashboard', () => {
  it('shows every entry, the e-mail and the figures to a super user', async () => {
    localStorage.setItem('access_token', 't');
    renderApp('/');
    expect(await screen.findByText('Bem-vindo(a), Admin Root!')).toBeInTheDocument();
    expect(screen.getByText('Aqui está um resumo do sistema')).toBeInTheDocument();
    const links = within(nav())
      .getAllByRole('link', hidden)
      .map((link) => link.getAttribute('aria-label'));
    expect(links).toEqual(['Início', 'Empresas', 'Usuários', 'Configurações']);
    expect(screen.getByText('Logged in as: admin@example.com')).toBeInTheDocument();
    const companiesCard = screen.getByRole('region', { name: 'Empresas' });
    expect(await within(companiesCard).findByText('7')).toBeInTheDocument();
    expect(within(companiesCard).getByText('2 ativas')).toBeInTheDocument();
    const usersCard = screen.getByRole('region', { name: 'Usuários' });
    expect(await within(usersCard).findByText('2')).toBeInTheDocument();
    expect(within(usersCard).getByText('1 ativos')).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Seu Perfil' });
    expect(within(profile).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Administrador')).toBeInTheDocument();
  });

  it('hides users from an ordinary user and never asks for the user list', async () => {
    me = ana;
    localStorage.setItem('access_token', 't');
    renderApp('/');
    expect(await screen.findByText('Bem-vindo(a), Usuário!')).toBeInTheDocument();
    const links = within(nav())
      .getAllByRole('link', hidden)
      .map((link) => link.getAttribute('aria-label'));
    expect(links).toEqual(['Início', 'Empresas', 'Configurações']);
    expect(screen.queryByRole('region', { name: 'Usuários' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Seu Perfil' })).getByText('Usuário')).toBeInTheDocument();
    await within(screen.getByRole('region', { name: 'Empresas' })).findByText('7');
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths).not.toContain('/api/v1/users/');
  });

  it('marks the current entry and collapses to icons with delayed tooltips', async () => {
    localStorage.setItem('access_token', 't');
    renderApp('/');
    await screen.findByText('Bem-vindo(a), Admin Root!');
    expect(within(nav()).getByRole('link', { name: 'Início', ...hidden })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Recolher menu', ...hidden }));
    expect(screen.getByRole('button', { name: 'Expandir menu', ...hidden })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByText('Empresas')).not.toBeInTheDocument();
    expect(screen.queryByText('Logged in as: admin@example.com')).not.toBeInTheDocument();
    await userEvent.hover(within(nav()).getByRole('link', { name: 'Empresas', ...hidden }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('Empresas');
    expect(localStorage.getItem('sidebar_collapsed')).toBe('true');
  });

  it('logs out from the menu: token gone, caches cleared, /login', async () => {
    localStorage.setItem('access_token', 't');
    const router = renderApp('/');
    await screen.findByText('Bem-vindo(a), Admin Root!');
    await userEvent.click(within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Log out', ...hidden }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(queryClient.getQueryData(['currentUser'])).toBeUndefined();
  });

  it('shows the root not-found screen and goes back to /', async () => {
    const router = renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { name: 'Página não disponível' })).toBeInTheDocument();
    expect(screen.getByText('Essa página ainda não está disponível')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/does-not-exist'));
  });
});

describe('failure isolation', () => {
  it('shows the retry panel for an unreachable remote and recovers without a reload', async () => {
    localStorage.setItem('access_token', 't');
    loadRemote.mockImplementation(async (id: string) => {
      if (id.startsWith('remote_companies')) throw new Error('unreachable');
      return { default: () => <h1>{`page ${id}`}</h1> };
    });
    const router = renderApp('/companies');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText('Não foi possível carregar esta área')).toBeInTheDocument();
    // The rest of the frame keeps working.
    await userEvent.click(within(nav()).getByRole('link', { name: 'Configurações', ...hidden }));
    expect(await screen.findByText('page remote_settings/SettingsPage')).toBeInTheDocument();
    await act(() => router.navigate('/companies'));
    await screen.findByRole('button', { name: 'Tentar novamente' });
    loadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>{`page ${id}`}</h1> }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('page remote_companies/CompaniesPage')).toBeInTheDocument();
    expect(retry).not.toBeInTheDocument();
  });

  it('contains a remote page that throws while rendering', async () => {
    localStorage.setItem('access_token', 't');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    loadRemote.mockImplementation(async () => ({
      default: () => {
        if (broken) throw new Error('boom');
        return <h1>admin works</h1>;
      },
    }));
    renderApp('/admin');
    await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText('Logged in as: admin@example.com')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('admin works')).toBeInTheDocument();
  });
});
