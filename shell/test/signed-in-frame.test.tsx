import { fakeApi, listOf, renderRoutes, superuser } from '@backoffice/ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/federation/ensure-remotes', () => ({
  ensureRemotesRegistered: vi.fn(async () => {}),
  registryRead: () => true,
}));
vi.mock('../src/federation/runtime', () => ({
  RemoteLoadError: class extends Error {},
  remoteNameOf: (id: string) => id.split('/')[0],
  loadRemoteModule: vi.fn(async (id: string) => ({ default: () => <h1>{`page ${id}`}</h1> })),
}));

// Every render of the frame's logo (top bar and sidebar) is counted: a navigation must not render the frame again.
const logo = vi.hoisted(() => ({ renders: 0 }));
vi.mock('@backoffice/ui', async (importOriginal) => {
  const ui = await importOriginal<typeof import('@backoffice/ui')>();
  return {
    ...ui,
    Logo: (props: Parameters<typeof ui.Logo>[0]) => {
      logo.renders += 1;
      return <ui.Logo {...props} />;
    },
  };
});

// The signed-in chunk (frame and dashboard) fails to download as many times as `failures` says.
const chunk = vi.hoisted(() => ({ failures: 0, attempts: 0 }));
vi.mock('../src/layout/signed-in', async (importOriginal) => {
  chunk.attempts += 1;
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new Error('Loading chunk signed-in failed');
  }
  return importOriginal();
});

const { productRoutes } = await import('./product-registry');
const routes = productRoutes();

beforeEach(() => {
  chunk.attempts = 0;
  fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: superuser };
    if (call.path === '/companies/' || call.path === '/users/') return { status: 200, body: listOf([]) };
    return undefined;
  });
});

describe('the signed-in frame’s chunk', () => {
  // First: once a test has loaded the chunk, later imports come from the module cache.
  it('is not downloaded for a visitor without a session', async () => {
    renderRoutes(routes, '/', { signedIn: false });
    expect(await screen.findByText('page remote_auth/Login')).toBeInTheDocument();
    expect(chunk.attempts).toBe(0);
  });

  it('failed once: "Tentar novamente" downloads it again and shows the frame and the dashboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    chunk.failures = 1;
    const { user } = renderRoutes(routes, '/');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    // No menu is on screen: the panel does not send the user to "other areas".
    expect(
      screen.getByText('O sistema não pôde ser carregado agora. Verifique a conexão e tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/As outras áreas continuam funcionando/)).not.toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByText('Bem-vindo(a), Admin Root!')).toBeInTheDocument();
    expect(screen.getByText('Logged in as: admin@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });
});

describe('a navigation in the signed-in frame', () => {
  // Each styled element of the frame rendered again would cost every menu navigation its styles:
  // the frame is memoised and shows the page through its own outlet.
  it('renders the new page, not the frame again', async () => {
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByText('Bem-vindo(a), Admin Root!')).toBeInTheDocument();
    const before = logo.renders;
    expect(before).toBeGreaterThan(0);
    await router.navigate('/companies');
    expect(await screen.findByText('page remote_companies/CompaniesPage')).toBeInTheDocument();
    expect(logo.renders).toBe(before);
  });
});

describe('the user menu', () => {
  // Its code arrives after the page (UserMenu.tsx). A button swapped between the pointer going down and
  // coming up would get no click at all: the swap waits for the press to end, and the press opens the menu.
  it('opens from a press during which its code arrived', async () => {
    renderRoutes(routes, '/');
    // (On jsdom's narrow screen the top bar's menu is hidden: `hidden` finds it all the same.)
    const standIn = await screen.findByRole('button', { name: 'Menu do usuário', hidden: true });
    // The pointer arrives (which asks for the code) and goes down at once, as in a quick click.
    fireEvent.pointerEnter(standIn);
    fireEvent.pointerDown(standIn);
    await import('../src/layout/UserMenuPopup');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Menu do usuário', hidden: true })).toBe(standIn);
    fireEvent.click(standIn);
    expect(await screen.findByRole('menuitem', { name: 'Meu perfil', hidden: true })).toBeInTheDocument();
  });
});
