// One test per file: Chakra's menu and dialog layers are module singletons that jsdom keeps between tests.

import { toaster } from '@backoffice/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/messages';
import AdminPage from '../src/pages/AdminPage';
import { admin, fakeApi, makeUser, renderPage } from './fake-api';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const t = messages.dialog;
const other = makeUser(0, { full_name: 'Bia Souza', is_active: true });

function serve(write: (body: unknown) => { status: number; body: unknown }) {
  return fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: admin };
    if (call.method === 'GET' && call.path === '/users/')
      return { status: 200, body: { data: [admin, other], count: 2 } };
    if (call.method === 'POST' || call.method === 'PATCH') return write(call.body);
    return undefined;
  });
}

describe('Edit user dialog', () => {
  async function openEdit() {
    renderPage(<AdminPage />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: messages.actionsFor(other.email) }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.editUser }));
    return screen.findByRole('dialog', { name: t.editTitle });
  }

  it('starts from the stored user and sends no password when left empty', async () => {
    const sent: unknown[] = [];
    serve((body) => {
      sent.push(body);
      return { status: 200, body: other };
    });
    const dialog = await openEdit();
    expect(within(dialog).getByLabelText(new RegExp(`^${t.email}`))).toHaveValue(other.email);
    expect(within(dialog).getByLabelText(t.fullName)).toHaveValue('Bia Souza');
    expect(within(dialog).getByRole('checkbox', { name: t.isActive })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.isActive }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.isSuperuser }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(messages.userUpdated)).toBeInTheDocument();
    expect(sent).toEqual([{ email: other.email, full_name: 'Bia Souza', is_superuser: true, is_active: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.editTitle })).not.toBeInTheDocument());
  });
});
