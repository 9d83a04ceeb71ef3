import { makeUser } from '@backoffice/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { openAdd, serve, serveSaving } from './user-dialogs';

const t = messages.dialog;
describe('Add user dialog', () => {
  it('starts as an inactive ordinary user and shows every rule on blur', async () => {
    serve(() => ({ status: 200, body: {} }));
    const dialog = await openAdd();
    expect(within(dialog).getByRole('checkbox', { name: t.isSuperuser })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: t.isActive })).not.toBeChecked();

    const email = within(dialog).getByLabelText(new RegExp(`^${t.email}`));
    await userEvent.click(email);
    await userEvent.tab();
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    expect(await within(dialog).findByText('Endereço de email inválido')).toBeInTheDocument();

    const password = within(dialog).getByLabelText(new RegExp(`^${t.password}`));
    await userEvent.type(password, 'short');
    await userEvent.tab();
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();

    const confirm = within(dialog).getByLabelText(new RegExp(`^${t.confirmPassword}`));
    await userEvent.click(confirm);
    await userEvent.tab();
    expect(await within(dialog).findByText('Please confirm your password')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'long-enough-1');
    await userEvent.type(confirm, 'long-enough-2');
    await userEvent.tab();
    expect(await within(dialog).findByText('The passwords do not match')).toBeInTheDocument();
  });

  it('creates the user with the form values and says so', async () => {
    const sent = serveSaving(makeUser(9));
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.email}`)), 'nova@example.com');
    await userEvent.type(within(dialog).getByLabelText(t.fullName), 'Nova Pessoa');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.password}`)), 'password-123');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.confirmPassword}`)), 'password-123');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.isSuperuser }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(messages.userCreated)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        email: 'nova@example.com',
        full_name: 'Nova Pessoa',
        password: 'password-123',
        confirm_password: 'password-123',
        is_superuser: true,
        is_active: false,
      },
    ]);
  });

  it('shows a server error (duplicate e-mail) in the error toast and keeps the dialog open', async () => {
    serve(() => ({ status: 400, body: { detail: 'The user with this email already exists in the system.' } }));
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.email}`)), 'admin@example.com');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.password}`)), 'password-123');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.confirmPassword}`)), 'password-123');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText('Já existe um usuário com este e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: t.addTitle })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.addTitle })).not.toBeInTheDocument());
  });
});

describe('Add user dialog frame (issue 28: one dialog frame for all)', () => {
  it('has a Fechar button, and asks before Escape throws a typed e-mail away', async () => {
    serve(() => ({ status: 200, body: {} }));
    const dialog = await openAdd();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.email}`)), 'ana@example.com');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.addTitle })).not.toBeInTheDocument());
  });
});
