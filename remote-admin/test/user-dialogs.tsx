import type { UserPublic } from '@backoffice/contracts';
import { superuser as admin, fakeApi, makeUser, renderPage } from '@backoffice/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../src/messages';
import AdminPage from '../src/pages/AdminPage';

/** The user the dialog tests edit, listed next to the signed-in admin. */
export const other = makeUser(0, { full_name: 'Bia Souza', is_active: true });

/** The admin list with `other`; POST and PATCH bodies go to `write`, which answers them. */
export function serve(write: (body: unknown) => { status: number; body: unknown }) {
  return fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: admin };
    if (call.method === 'GET' && call.path === '/users/')
      return { status: 200, body: { data: [admin, other], count: 2 } };
    if (call.method === 'POST' || call.method === 'PATCH') return write(call.body);
    return undefined;
  });
}

/** The admin list with `other`, whose API saves: every POST or PATCH body lands in the array answered, and `saved` comes back. */
export function serveSaving(saved: UserPublic = other): unknown[] {
  const sent: unknown[] = [];
  serve((body) => {
    sent.push(body);
    return { status: 200, body: saved };
  });
  return sent;
}

export async function openAdd() {
  renderPage(<AdminPage />, '/admin');
  await userEvent.click(await screen.findByRole('button', { name: messages.addUser }));
  return screen.findByRole('dialog', { name: messages.dialog.addTitle });
}

export async function openEdit() {
  renderPage(<AdminPage />, '/admin');
  await userEvent.click(await screen.findByRole('button', { name: messages.actionsFor(other.email) }));
  await userEvent.click(await screen.findByRole('menuitem', { name: messages.editUser }));
  return screen.findByRole('dialog', { name: messages.dialog.editTitle });
}
