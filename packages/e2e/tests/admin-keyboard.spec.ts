import { expect, test } from '../src/fixtures.js';
import { actionsButton, addDialog, editDialog, field, notice, userRow } from '../src/users-area.js';

test.describe('/admin with the keyboard', () => {
  test('opens, cancels and reopens the dialogs one after another without a mouse', async ({ page, api, signIn }) => {
    const first = await api.createUser({ full_name: 'Primeira Pessoa' });
    const second = await api.createUser({ full_name: 'Segunda Pessoa' });
    await signIn(await api.superuserToken(), '/admin');

    await page.getByRole('button', { name: 'Adicionar usuário' }).focus();
    await page.keyboard.press('Enter');
    await expect(addDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addDialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Adicionar usuário' })).toBeFocused();

    await actionsButton(page, first.email).focus();
    await page.keyboard.press('Enter');
    // The menu keeps the focus and points at the highlighted item (aria-activedescendant).
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    await expect(field(editDialog(page), 'Email')).toHaveValue(first.email);
    await page.keyboard.press('Escape');
    await expect(editDialog(page)).toBeHidden();
    await expect(actionsButton(page, first.email)).toBeFocused();

    await actionsButton(page, second.email).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Excluir' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`"${second.email}"`);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(actionsButton(page, second.email)).toBeFocused();

    await actionsButton(page, second.email).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    const dialog = editDialog(page);
    await expect(field(dialog, 'Email')).toHaveValue(second.email);
    await field(dialog, 'Full name').fill('Segunda Renomeada');
    await page.keyboard.press('Enter');
    await expect(notice(page, 'User updated successfully.')).toBeVisible();
    await expect(userRow(page, second.email).getByRole('cell').first()).toHaveText('Segunda Renomeada');
  });
});
