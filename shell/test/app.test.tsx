import { queryClient } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import {
  type Call,
  fakeApi,
  type Handler,
  listOf,
  makeCompany,
  makeUser,
  renderRoutes,
  superuser,
} from '@backoffice/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/federation/ensure-remotes', () => ({
  ensureRemotesRegistered: vi.fn(async () => {}),
  registryRead: () => true,
}));
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
const { productRoutes } = await import('./product-registry');
const routes = productRoutes();
const loadRemote = vi.mocked(loadRemoteModule);

const admin = superuser;
const ana = makeUser(2, { email: 'ana@example.com', full_name: null });

let me: UserPublic = admin;
/**
 * How the fake API answers: the signed-in user, 7 companies of which 5 active (a page shows 3, 2 of them
 * active: the dashboard must say the registry's 5, not the page's 2), 2 users (1 active).
 */
const product: Handler = (call) => {
  if (call.path === '/users/me') return { status: 200, body: me };
  if (call.path === '/companies/') {
    const rows = [makeCompany(1), makeCompany(2, { is_active: false }), makeCompany(3)];
    return { status: 200, body: listOf(rows, call.search.get('is_active') === 'true' ? 5 : 7) };
  }
  if (call.path === '/users/') {
    return call.search.get('is_active') === 'true'
      ? { status: 200, body: listOf([admin]) }
      : { status: 200, body: listOf([admin, { ...ana, is_active: false }]) };
  }
  return undefined;
};
let answer: Handler = product;
let calls: Call[] = [];

beforeEach(() => {
  me = admin;
  answer = product;
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (id: string) => ({
    default: () => <h1>{`page ${id}`}</h1>,
  }));
  calls = fakeApi((call) => answer(call));
});

/** The shell's own routes; a test that wants a session stores its token first. */
const renderApp = (path: string) => renderRoutes(routes, path, { signedIn: false }).router;

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
    answer = () => ({ status: 401, body: { detail: 'Could not validate credentials' } });
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
    expect(await within(companiesCard).findByText('5 ativas')).toBeInTheDocument();
    const usersCard = screen.getByRole('region', { name: 'Usuários' });
    expect(await within(usersCard).findByText('2')).toBeInTheDocument();
    expect(await within(usersCard).findByText('1 ativos')).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Seu Perfil' });
    expect(within(profile).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Administrador')).toBeInTheDocument();
  });

  it('writes the totals as pt-BR reads them (1.000.001)', async () => {
    localStorage.setItem('access_token', 't');
    answer = (call) =>
      call.path === '/companies/' ? { status: 200, body: listOf([makeCompany(1)], 1_000_001) } : product(call);
    renderApp('/');
    const companiesCard = await screen.findByRole('region', { name: 'Empresas' });
    expect(await within(companiesCard).findByText('1.000.001')).toBeInTheDocument();
    expect(within(companiesCard).queryByText('1000001')).not.toBeInTheDocument();
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
    const paths = calls.map((call) => `/api/v1${call.path}`);
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
    // The tooltips' code loads when they are first enabled (tests are never idle, so not before):
    // the links are their triggers once it is there (zag marks a trigger with data-state).
    await waitFor(
      () =>
        expect(within(nav()).getByRole('link', { name: 'Empresas', ...hidden })).toHaveAttribute(
          'data-state',
          'closed',
        ),
      { timeout: 8000 },
    );
    await userEvent.hover(within(nav()).getByRole('link', { name: 'Empresas', ...hidden }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('Empresas');
    expect(localStorage.getItem('sidebar_collapsed')).toBe('true');
  });

  it('opens the user menu from its first press, before the menu code was loaded', { timeout: 15_000 }, async () => {
    localStorage.setItem('access_token', 't');
    const router = renderApp('/');
    await screen.findByText('Bem-vindo(a), Admin Root!');
    // Tests are never idle: the menu's code is only requested by this press.
    await userEvent.click(screen.getByRole('button', { name: 'Menu do usuário', ...hidden }));
    // The first import of the menu's modules is transformed on the fly here: allow it the time.
    const profile = await screen.findByRole('menuitem', { name: 'Meu perfil', ...hidden }, { timeout: 8000 });
    expect(screen.getByRole('button', { name: 'Menu do usuário', ...hidden })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(profile);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
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

describe('navigation progress', () => {
  it('shows a thin bar only when a page takes longer than 150 ms to arrive', async () => {
    localStorage.setItem('access_token', 't');
    const waiting: (() => void)[] = [];
    loadRemote.mockImplementation(async (id: string) => {
      if (id === 'remote_settings/SettingsPage') await new Promise<void>((resolve) => waiting.push(resolve));
      return { default: () => <h1>{`page ${id}`}</h1> };
    });
    const router = renderApp('/companies');
    await screen.findByText('page remote_companies/CompaniesPage');
    // The bar's delay runs on a controlled clock: the test reads no wall time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Not inside act(): act would hold every render until the navigation is over.
      void router.navigate('/settings');
      await act(async () => {}); // the navigation renders and the bar's timer starts
      await act(async () => vi.advanceTimersByTime(140));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(20));
      expect(screen.getByRole('progressbar', { name: 'Carregando página…' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    for (const resolve of waiting) resolve();
    expect(await screen.findByText('page remote_settings/SettingsPage')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
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

describe('screens from the registry', () => {
  const greetings = {
    remote: 'greetings',
    path: '/greetings/:name',
    expose: 'GreetingsPage',
    title: 'Saudações',
    access: 'signed-in' as const,
    menu: { label: 'Saudações', icon: 'smile' as const, order: 15 },
  };

  it('gives a screen an area declares its route, menu entry (by order) and document title, with no change here', async () => {
    localStorage.setItem('access_token', 't');
    const { productRoutes } = await import('./product-registry');
    const router = renderRoutes(productRoutes([{ ...greetings, path: '/greetings' }]), '/', { signedIn: false }).router;
    await screen.findByText('Bem-vindo(a), Admin Root!');
    await waitFor(() => expect(document.title).toBe('Início · Back Office'));
    const links = within(nav()).getAllByRole('link', hidden);
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Início',
      'Empresas',
      'Saudações',
      'Usuários',
      'Configurações',
    ]);
    await userEvent.click(within(nav()).getByRole('link', { name: 'Saudações', ...hidden }));
    expect(await screen.findByText('page remote_greetings/GreetingsPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/greetings');
    await waitFor(() => expect(document.title).toBe('Saudações · Back Office'));
  });

  it('routes a screen path with a parameter', async () => {
    localStorage.setItem('access_token', 't');
    const { productRoutes } = await import('./product-registry');
    renderRoutes(productRoutes([greetings]), '/greetings/Ana', { signedIn: false });
    expect(await screen.findByText('page remote_greetings/GreetingsPage')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('remote_greetings/GreetingsPage');
  });

  it('shows the not-found screen inside the frame to a signed-in user: the menu stays', async () => {
    localStorage.setItem('access_token', 't');
    const router = renderApp('/greetings/Ana');
    expect(await screen.findByRole('heading', { name: 'Página não disponível' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Empresas', ...hidden })).toBeInTheDocument();
    expect(screen.getAllByRole('main', hidden)).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Página não disponível · Back Office'));
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows which areas come from a developer’s server, with the way back', async () => {
    const { productRoutes } = await import('./product-registry');
    const { setRegistry, getRegistry } = await import('../src/federation/registry');
    const routes = productRoutes();
    setRegistry({
      ...getRegistry(),
      overrides: [{ name: 'companies', url: 'http://localhost:3002/mf-manifest.json' }],
    });
    renderRoutes(routes, '/login', { signedIn: false });
    const banner = await screen.findByRole('region', { name: 'Desenvolvimento local' });
    expect(banner).toHaveTextContent(
      'A área "companies" está sendo carregada de http://localhost:3002/mf-manifest.json (desenvolvimento local).',
    );
    expect(within(banner).getByRole('link', { name: 'Voltar às versões publicadas' })).toHaveAttribute(
      'href',
      '?remote-override=off',
    );
    productRoutes();
  });
});
