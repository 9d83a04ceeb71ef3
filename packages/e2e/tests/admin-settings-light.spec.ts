import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';
import { addDialog } from '../src/users-area.js';

/** The chosen colour mode is kept in local storage under `theme`. */
const useLightMode = (page: Page) => page.addInitScript(() => localStorage.setItem('theme', 'light'));

test.describe('users and settings in Light Mode', () => {
  test('/admin, its dialog with messages, and /settings pass axe', async ({ page, api, signIn }) => {
    await api.createUser({ is_active: false });
    await useLightMode(page);
    await signIn(await api.superuserToken(), '/admin');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.getByRole('table').getByText('Inactive').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    await addDialog(page).getByRole('button', { name: 'Salvar' }).click();
    await expect(addDialog(page).getByText('Please confirm your password')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('tab', { name: 'Senha' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Senha atual é obrigatória')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'Aparência' }).click();
    await expect(page.getByRole('radio', { name: 'Light Mode' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });
});
