import { type Call, fakeApi, makeUser, renderPage } from '@backoffice/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import SettingsPage from '../src/pages/SettingsPage';

/** The signed-in person of these tests. */
const me = makeUser(0, { email: 'ana@example.com', full_name: 'Ana Lima' });

const t = messages.profile;

function serve(patch: (body: unknown) => { status: number; body: unknown }) {
  let current = me;
  const calls = fakeApi((call: Call) => {
    if (call.path !== '/users/me') return undefined;
    if (call.method === 'PATCH') {
      const answer = patch(call.body);
      if (answer.status === 200) current = answer.body as typeof me;
      return answer;
    }
    return { status: 200, body: current };
  });
  return calls;
}

describe('Meu Perfil', () => {
  it('shows the three tabs and the profile in view mode', async () => {
    serve(() => ({ status: 500, body: {} }));
    renderPage(<SettingsPage />, '/settings');
    for (const tab of ['Meu Perfil', 'Senha', 'Aparência']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.edit })).toBeInTheDocument();
  });

  it('enables Salvar only for a change with an e-mail, and Cancel resets to view mode', async () => {
    const calls = serve(() => ({ status: 500, body: {} }));
    renderPage(<SettingsPage />, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: t.edit }));
    const name = screen.getByLabelText(t.fullName);
    const email = screen.getByLabelText(new RegExp(`^${t.email}`));
    const save = screen.getByRole('button', { name: t.save });
    expect(name).toHaveValue('Ana Lima');
    expect(save).toBeDisabled();

    await userEvent.clear(email);
    expect(save).toBeDisabled();
    await userEvent.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'outra@example.com');
    expect(save).toBeEnabled();

    await userEvent.type(name, ' com um sobrenome bem comprido');
    await userEvent.tab();
    expect(await screen.findByText('Full Name must be at most 30 characters')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.edit }));
    expect(screen.getByLabelText(new RegExp(`^${t.email}`))).toHaveValue('ana@example.com');
    expect(screen.getByRole('button', { name: t.save })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saves, says so, returns to view mode and refreshes the current user', async () => {
    const calls = serve((body) => ({ status: 200, body: { ...me, ...(body as object) } }));
    renderPage(<SettingsPage />, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: t.edit }));
    const email = screen.getByLabelText(new RegExp(`^${t.email}`));
    await userEvent.clear(email);
    await userEvent.type(email, 'nova@example.com');
    const readsBefore = calls.filter((c) => c.method === 'GET').length;
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ full_name: 'Ana Lima', email: 'nova@example.com' });
    expect(await screen.findByText('nova@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(readsBefore));
  });

  it('shows the server refusing a taken e-mail and stays in edit mode', async () => {
    serve(() => ({ status: 409, body: { detail: 'User with this email already exists' } }));
    renderPage(<SettingsPage />, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: t.edit }));
    const email = screen.getByLabelText(new RegExp(`^${t.email}`));
    await userEvent.clear(email);
    await userEvent.type(email, 'admin@example.com');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('Já existe um usuário com este e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${t.email}`))).toHaveValue('admin@example.com');
  });
});

describe('Meu Perfil with unsaved changes (issue 28)', () => {
  it('asks before leaving the page; Continuar editando stays with the changes, Descartar leaves', async () => {
    serve((body) => ({ status: 200, body: { ...me, ...(body as object) } }));
    const { router, user } = renderPage(<SettingsPage />, '/settings');
    await user.click(await screen.findByRole('button', { name: t.edit }));
    const fullName = screen.getByRole('textbox', { name: t.fullName });
    await user.clear(fullName);
    await user.type(fullName, 'Ana Paula');

    await act(() => router.navigate('/companies'));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('textbox', { name: t.fullName })).toHaveValue('Ana Paula');

    await act(() => router.navigate('/companies'));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('leaves at once when nothing was changed, or after Cancel', async () => {
    serve((body) => ({ status: 200, body: { ...me, ...(body as object) } }));
    const { router, user } = renderPage(<SettingsPage />, '/settings');
    await user.click(await screen.findByRole('button', { name: t.edit }));
    await user.type(screen.getByRole('textbox', { name: t.fullName }), ' Lima');
    await user.click(screen.getByRole('button', { name: t.cancel }));
    await act(() => router.navigate('/companies'));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
