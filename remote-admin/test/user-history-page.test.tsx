import type { AuditEvent } from '@backoffice/contracts';
import { historyMessages } from '@backoffice/ui/kit';
import {
  superuser as admin,
  type Call,
  declaredFirstRequests,
  fakeApi,
  makeAuditEvent,
  makeUser,
  renderRoutes,
} from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import UserHistoryPage from '../src/pages/UserHistoryPage';
import remote from '../src/remote';

const m = messages.userHistory;
const routes = [{ path: '/admin/users/:id', element: <UserHistoryPage /> }];
const bruno = makeUser(2, { full_name: 'Bruno Souza', is_superuser: true });

const ofBruno = (i: number, fields: Partial<AuditEvent>) =>
  makeAuditEvent(i, {
    entity_type: 'user',
    entity_id: bruno.id,
    entity_label: bruno.email,
    actor: { type: 'user', id: admin.id, label: admin.email },
    ...fields,
  });

/** Newest first: a reset, a role and status change, a failed and a good sign-in, the creation. */
const history: AuditEvent[] = [
  ofBruno(6, {
    action: 'user.password_reset',
    reason: 'password_reset',
    actor: { type: 'user', id: bruno.id, label: bruno.email },
  }),
  ofBruno(5, {
    action: 'user.updated',
    changes: { is_superuser: { old: false, new: true }, is_active: { old: false, new: true } },
  }),
  ofBruno(4, { action: 'user.login_failed', actor: { type: 'user', id: bruno.id, label: bruno.email } }),
  ofBruno(3, { action: 'user.login', actor: { type: 'user', id: bruno.id, label: bruno.email } }),
  ofBruno(2, { action: 'user.created', changes: { email: { old: null, new: bruno.email } } }),
];

function serve(user: (call: Call) => { status: number; body: unknown }, events = history, me = admin) {
  return fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: me };
    if (call.path === `/users/${bruno.id}`) return user(call);
    if (call.path === `/users/${bruno.id}/history`) return { status: 200, body: { data: events, next_cursor: null } };
    return undefined;
  });
}

describe('UserHistoryPage', () => {
  it('makes the requests its screen declares it makes first (firstData)', async () => {
    const declared = remote.screens.find((screen) => screen.expose === 'UserHistoryPage');
    if (!declared?.firstData) throw new Error('no firstData declared for the user history');
    const calls = serve(() => ({ status: 200, body: bruno }));
    const url = `/admin/users/${bruno.id}`;
    renderRoutes(routes, url);
    const expected = declaredFirstRequests(declared, url);
    expect(expected).toHaveLength(2);
    await waitFor(() => expect(calls.map((call) => call.url.href)).toEqual(expect.arrayContaining(expected)));
  });

  it('shows the user and the history: role and status changes, resets and sign-ins, with who and when', async () => {
    serve(() => ({ status: 200, body: bruno }));
    renderRoutes(routes, `/admin/users/${bruno.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: bruno.email })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: m.details });
    expect(within(details).getByText('Bruno Souza')).toBeInTheDocument();
    expect(within(details).getByText(m.superuser)).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: historyMessages.title });
    expect(await within(timeline).findByText('Perfil: Usuário → Administrador')).toBeInTheDocument();
    expect(within(timeline).getByText('Situação: Inativo → Ativo')).toBeInTheDocument();
    expect(within(timeline).getByText('Redefiniu a senha pelo link de recuperação')).toBeInTheDocument();
    for (const action of ['user.login', 'user.login_failed', 'user.created']) {
      expect(within(timeline).getByText(historyMessages.actions[action] as string)).toBeInTheDocument();
    }
    expect(within(timeline).getAllByText(/^admin@example\.com em .* de 10\.0\.0\.1$/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: m.actorActivity })).toHaveAttribute(
      'href',
      `/admin/activity?actor_id=${bruno.id}`,
    );
    expect(screen.getByRole('link', { name: m.back })).toHaveAttribute('href', '/admin');
  });

  it('says a deleted user was deleted, by whom, and keeps the history', async () => {
    const deletion = ofBruno(7, { action: 'user.deleted', changes: { email: { old: bruno.email, new: null } } });
    serve(() => ({ status: 404, body: { detail: 'User not found' } }), [deletion, ...history]);
    renderRoutes(routes, `/admin/users/${bruno.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: bruno.email })).toBeInTheDocument();
    expect(screen.getByText(m.deletedTitle)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^Excluído por ${admin.email} em`))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: historyMessages.title })).toBeInTheDocument();
  });

  it('says an unknown id was not found', async () => {
    serve(() => ({ status: 404, body: { detail: 'User not found' } }), []);
    renderRoutes(routes, `/admin/users/${bruno.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: m.notFoundTitle })).toBeInTheDocument();
  });

  it('tells an ordinary user they may not, and asks for nothing about the user', async () => {
    const calls = serve(() => ({ status: 200, body: bruno }), history, { ...admin, is_superuser: false });
    renderRoutes(routes, `/admin/users/${bruno.id}`);
    expect(await screen.findByRole('heading', { name: messages.forbiddenTitle })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith(`/users/${bruno.id}`))).toHaveLength(0);
  });
});
