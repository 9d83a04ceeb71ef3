// One test per file: Chakra's menu and dialog layers are module singletons that jsdom keeps between tests.

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { openEdit, other, serveSaving } from './user-dialogs';

const t = messages.dialog;
describe('Edit user dialog', () => {
  it('checks a new password (minimum 8, confirmation) and sends it', async () => {
    const sent = serveSaving();
    const dialog = await openEdit();
    const password = within(dialog).getByLabelText(new RegExp(`^${t.editPassword}`));
    await userEvent.type(password, 'short');
    await userEvent.tab();
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText('Please confirm your password')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t.confirmPassword}`)), 'new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(messages.userUpdated)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        email: other.email,
        full_name: 'Bia Souza',
        is_superuser: false,
        is_active: true,
        password: 'new-password-1',
        confirm_password: 'new-password-1',
      },
    ]);
  });
});
