// One test per file: Chakra's menu and dialog layers are module singletons that jsdom keeps between tests.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import { openEdit, other, serveSaving } from './user-dialogs';

const t = messages.dialog;
describe('Edit user dialog', () => {
  it('starts from the stored user and sends no password when left empty', async () => {
    const sent = serveSaving();
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
