import { type Call, fakeApi, makeUser, renderPage } from '@backoffice/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import SettingsPage from '../src/pages/SettingsPage';

/** The signed-in person of these tests. */
const me = makeUser(0, { email: 'ana@example.com', full_name: 'Ana Lima' });

const t = messages.password;

async function openPasswordTab(answer: (call: Call) => { status: number; body: unknown }) {
  const calls = fakeApi((call) => {
    if (call.path === '/users/me' && call.method === 'GET') return { status: 200, body: me };
    if (call.path === '/users/me/password') return answer(call);
    return undefined;
  });
  const { router } = renderPage(<SettingsPage />, '/settings');
  await userEvent.click(screen.getByRole('tab', { name: 'Senha' }));
  return Object.assign(calls, { router });
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

/** The API accepts the change and answers a fresh token. */
const changed = () => ({
  status: 200,
  body: { message: 'Password updated successfully', access_token: 'fresh-token', token_type: 'bearer' },
});

/** Fills the tab (the new password twice) and presses Salvar. */
async function changePassword(current: string, next: string) {
  await userEvent.type(field(t.current), current);
  await userEvent.type(field(t.new), next);
  await userEvent.type(field(t.confirm), next);
  await userEvent.click(screen.getByRole('button', { name: t.save }));
}

describe('Senha', () => {
  it('validates on blur: required fields, the password rule and the confirmation', async () => {
    const calls = await openPasswordTab(() => ({ status: 500, body: {} }));
    await userEvent.click(field(t.current));
    await userEvent.tab();
    expect(await screen.findByText(t.currentRequired)).toBeInTheDocument();
    await userEvent.type(field(t.new), 'short');
    await userEvent.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(field(t.new));
    await userEvent.type(field(t.new), 'new-password-1');
    await userEvent.type(field(t.confirm), 'new-password-2');
    await userEvent.tab();
    expect(await screen.findByText('A senha não confere')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/me/password')).toHaveLength(0);
  });

  it('changes the password, keeps the session with the fresh token and clears the form', async () => {
    const calls = await openPasswordTab(changed);
    await changePassword('old-password', 'new-password-1');
    expect(await screen.findByText(t.successTitle)).toBeInTheDocument();
    expect(screen.getByText(t.successText)).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('fresh-token');
    expect(calls.find((c) => c.path === '/users/me/password')?.body).toEqual({
      current_password: 'old-password',
      new_password: 'new-password-1',
      confirm_password: 'new-password-1',
    });
    await waitFor(() => expect(field(t.current)).toHaveValue(''));
  });

  it('shows the server refusing a wrong current password and keeps the old token', async () => {
    await openPasswordTab(() => ({ status: 400, body: { detail: 'Incorrect password' } }));
    await changePassword('wrong-password', 'new-password-1');
    expect(await screen.findByText('A senha atual está incorreta.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('test-token');
  });
});

describe('Senha with a password typed (issue 28)', () => {
  it('asks before leaving the page; Continuar editando keeps what was typed, Descartar leaves', async () => {
    const { router } = await openPasswordTab(() => ({ status: 500, body: {} }));
    await userEvent.type(field(t.current), 'old-password');
    await userEvent.type(field(t.new), 'new-pass');

    await act(() => router.navigate('/companies'));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(field(t.current)).toHaveValue('old-password');
    expect(field(t.new)).toHaveValue('new-pass');

    await act(() => router.navigate('/companies'));
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('leaves at once once the password is changed (the form is empty again)', async () => {
    const { router } = await openPasswordTab(changed);
    await changePassword('old-password', 'new-password-1');
    await waitFor(() => expect(field(t.current)).toHaveValue(''));
    await act(() => router.navigate('/companies'));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
