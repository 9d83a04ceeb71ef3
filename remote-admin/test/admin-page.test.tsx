import {
  superuser as admin,
  type Call,
  declaredFirstRequests,
  fakeApi,
  makeUser,
  renderPage,
  rowOf,
} from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import AdminPage from '../src/pages/AdminPage';
import remote from '../src/remote';

const usersCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/users/');

/** A super user and `total` other users, served 10 per page like the API. */
function serveUsers(
  total: number,
  extra: (call: Call) => { status: number; body: unknown } | undefined = () => undefined,
) {
  const others = Array.from({ length: total }, (_, i) => makeUser(i));
  const all = [admin, ...others];
  return fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: admin };
    if (call.method === 'GET' && call.path === '/users/') {
      const skip = Number(call.search.get('skip'));
      const limit = Number(call.search.get('limit'));
      return { status: 200, body: { data: all.slice(skip, skip + limit), count: all.length } };
    }
    return extra(call);
  });
}

describe('AdminPage', () => {
  it('shows a no-permission screen to an ordinary user and never asks for the user list', async () => {
    const calls = fakeApi((call) =>
      call.path === '/users/me' ? { status: 200, body: { ...admin, is_superuser: false } } : undefined,
    );
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findByRole('heading', { name: messages.forbiddenTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.addUser })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(usersCalls(calls)).toHaveLength(0);
  });

  it('lists users with role, status, a You badge and a disabled menu on the own row', async () => {
    serveUsers(2);
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: messages.adminPageTitle })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    for (const header of ['Full name', 'Email', 'Role', 'Status', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await screen.findByText(admin.email);
    const ownRow = rowOf('admin@example.com');
    expect(within(ownRow).getByText('You')).toBeInTheDocument();
    expect(within(ownRow).getByText('Superuser')).toBeInTheDocument();
    expect(within(ownRow).getByText('Active')).toBeInTheDocument();
    expect(within(ownRow).getByRole('button', { name: messages.actionsFor(admin.email) })).toBeDisabled();
    const otherRow = rowOf('user0@example.com');
    expect(within(otherRow).queryByText('You')).not.toBeInTheDocument();
    expect(within(otherRow).getByText('User')).toBeInTheDocument();
    expect(within(otherRow).getByRole('button', { name: messages.actionsFor('user0@example.com') })).toBeEnabled();
  });

  it('says the total under the title, singular for one user, with one request for list and total', async () => {
    const calls = serveUsers(1233);
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findByText('1.234 usuários')).toBeInTheDocument();
    expect(usersCalls(calls).filter((call) => call.search.get('skip') === '0')).toHaveLength(1);
  });

  it('says "1 usuário" when the super user is alone', async () => {
    serveUsers(0);
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findByText('1 usuário')).toBeInTheDocument();
  });

  it('pages 10 at a time from the URL, offers next only on a full page and prefetches it', async () => {
    const calls = serveUsers(14); // 15 users: a full page 1, five on page 2
    const { router } = renderPage(<AdminPage />, '/admin?page=abc');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    // The next page was asked for before anyone pressed Próximo.
    await waitFor(() => expect(usersCalls(calls).map((c) => c.search.get('skip'))).toEqual(['0', '10']));
    expect(usersCalls(calls)[0]?.search.get('limit')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  });

  it('shows skeleton rows while the first page loads', async () => {
    fakeApi((call) => (call.path === '/users/me' ? { status: 200, body: admin } : 'pending'));
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    fakeApi((call) => {
      if (call.path === '/users/me') return { status: 200, body: admin };
      if (call.path === '/users/' && fail) return { status: 500, body: { detail: 'Internal Server Error' } };
      if (call.path === '/users/') return { status: 200, body: { data: [admin], count: 1 } };
      return undefined;
    });
    renderPage(<AdminPage />, '/admin');
    expect(await screen.findByText(messages.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(admin.email)).toBeInTheDocument();
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    serveUsers(12); // 13 users: two pages
    const { router } = renderPage(<AdminPage />, '/admin?page=4');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
  });

  it('deletes a user after the confirmation sentence', async () => {
    const calls = serveUsers(1, (call) =>
      call.method === 'DELETE' ? { status: 200, body: { message: 'User deleted successfully' } } : undefined,
    );
    renderPage(<AdminPage />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: messages.actionsFor('user0@example.com') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.deleteUser }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja excluir Usuário "user0@example.com"? Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(messages.userDeleted)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/users/${makeUser(0).id}`)).toBe(true);
  });
});

describe('the declared first request (firstData)', () => {
  const declared = remote.screens.find((s) => s.expose === 'AdminPage');

  it.each(['', 'page=2', 'page=0', 'page=x'])('is the list’s own first request for ?%s', async (search) => {
    if (!declared?.firstData) throw new Error('no firstData declared for the admin list');
    const calls = serveUsers(25);
    const url = `/admin${search ? `?${search}` : ''}`;
    renderPage(<AdminPage />, url);
    await waitFor(() => expect(usersCalls(calls).length).toBeGreaterThan(0));
    expect([usersCalls(calls)[0]?.url.href]).toEqual(declaredFirstRequests(declared, url));
  });
});
