import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';
import { field, logInThroughForm, logOut, notice, uniqueEmail } from '../src/users-area.js';

const tab = (page: Page, name: 'Meu Perfil' | 'Senha' | 'Aparência') => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

/** Signs `user` in through the login form, opens /settings on the tab `name` and returns its panel. */
async function openTabSignedIn(page: Page, user: { email: string; password: string }, name: 'Senha' | 'Aparência') {
  await logInThroughForm(page, user.email, user.password);
  await page.goto('/settings');
  await tab(page, name).click();
  return panel(page);
}

test.describe('/settings', () => {
  test('shows the same three tabs to every user, with no serious accessibility violation', async ({
    page,
    api,
    signIn,
  }) => {
    for (const is_superuser of [false, true]) {
      const user = await api.createUser({ is_superuser });
      await signIn(user.token as string, '/settings');
      await expect(page.getByRole('tab')).toHaveText(['Meu Perfil', 'Senha', 'Aparência']);
    }
    for (const name of ['Meu Perfil', 'Senha', 'Aparência'] as const) {
      await tab(page, name).click();
      await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('Meu Perfil: view, edit, cancel and save, and the menu shows the new e-mail', async ({ page, api, signIn }) => {
    const user = await api.createUser({ full_name: 'Perfil Antigo' });
    await signIn(user.token as string, '/settings');
    const profile = panel(page);
    await expect(profile.getByText('Perfil Antigo', { exact: true })).toBeVisible();
    await expect(profile.getByText(user.email, { exact: true })).toBeVisible();
    await expect(profile.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();

    await profile.getByRole('button', { name: 'Editar' }).click();
    const save = profile.getByRole('button', { name: 'Salvar' });
    await expect(save).toBeDisabled();
    await field(profile, 'Full name').fill('Um nome que passa de trinta caracteres');
    await field(profile, 'Email').focus();
    await expect(profile.getByText('Full Name must be at most 30 characters')).toBeVisible();
    await field(profile, 'Email').fill('');
    await expect(save).toBeDisabled();
    await field(profile, 'Full name').focus();
    await expect(profile.getByText('Email is required')).toBeVisible();
    await field(profile, 'Email').fill('sem-arroba');
    await field(profile, 'Full name').focus();
    await expect(profile.getByText('Endereço de email inválido')).toBeVisible();

    await profile.getByRole('button', { name: 'Cancel' }).click();
    await expect(profile.getByRole('textbox')).toHaveCount(0);
    await expect(profile.getByText('Perfil Antigo', { exact: true })).toBeVisible();
    await profile.getByRole('button', { name: 'Editar' }).click();
    await expect(field(profile, 'Email')).toHaveValue(user.email);
    await expect(save).toBeDisabled();

    const newEmail = uniqueEmail('perfil');
    await field(profile, 'Full name').fill('Perfil Novo');
    await field(profile, 'Email').fill(newEmail);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(notice(page, 'User updated successfully.')).toBeVisible();
    await expect(profile.getByRole('textbox')).toHaveCount(0);
    await expect(profile.getByText('Perfil Novo', { exact: true })).toBeVisible();
    await expect(profile.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(`Logged in as: ${newEmail}`)).toBeVisible();
  });

  test('Meu Perfil: an e-mail already taken is refused by the server and shown', async ({ page, api, signIn }) => {
    const other = await api.createUser();
    const user = await api.createUser();
    await signIn(user.token as string, '/settings');
    const profile = panel(page);
    await profile.getByRole('button', { name: 'Editar' }).click();
    await field(profile, 'Email').fill(other.email);
    await profile.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Já existe um usuário com este e-mail.')).toBeVisible();
    await expect(field(profile, 'Email')).toHaveValue(other.email);
    await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();
  });

  test('Senha: errors, then a change that keeps the session; only the new password logs in', async ({ page, api }) => {
    const user = await api.createUser();
    const form = await openTabSignedIn(page, user, 'Senha');
    const save = form.getByRole('button', { name: 'Salvar' });

    await save.click();
    await expect(form.getByText('Senha atual é obrigatória')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await expect(form.getByText('Confirmação de senha é obrigatória')).toBeVisible();
    await field(form, 'Nova senha').fill('curta');
    await field(form, 'Confirmar nova senha').fill('outra');
    await field(form, 'Senha atual').focus();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(form.getByText('A senha não confere')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field(form, 'Senha atual').fill('not-my-password');
    await field(form, 'Nova senha').fill('next-password-1');
    await field(form, 'Confirmar nova senha').fill('next-password-1');
    await save.click();
    await expect(notice(page, 'A senha atual está incorreta.')).toBeVisible();

    await field(form, 'Senha atual').fill(user.password);
    await field(form, 'Nova senha').fill(user.password);
    await field(form, 'Confirmar nova senha').fill(user.password);
    await save.click();
    await expect(notice(page, 'A nova senha não pode ser igual à atual.')).toBeVisible();

    await field(form, 'Nova senha').fill('next-password-1');
    await field(form, 'Confirmar nova senha').fill('next-password-1');
    await save.click();
    await expect(notice(page, 'Success!')).toBeVisible();
    await expect(notice(page, 'Senha alterada com sucesso.')).toBeVisible();
    await expect(field(form, 'Senha atual')).toHaveValue('');

    // The session goes on with the fresh token, also after a reload.
    await page.reload();
    await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Empresas' }).click();
    await expect(page).toHaveURL(/\/companies$/);

    await logOut(page);
    await field(page, 'E-mail').fill(user.email);
    await field(page, 'Senha').fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, user.email, 'next-password-1');
  });

  test('Aparência: Dark is the marked default; Light applies at once and stays after reload and a new login', async ({
    page,
    api,
  }) => {
    const user = await api.createUser();
    const appearance = await openTabSignedIn(page, user, 'Aparência');
    const light = appearance.getByRole('radio', { name: 'Light Mode' });
    const dark = appearance.getByRole('radio', { name: /Dark Mode/ });
    await expect(dark).toBeChecked();
    await expect(appearance.getByText('Default', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await appearance.getByText('Light Mode', { exact: true }).click();
    await expect(light).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(0, 0, 0)');

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await tab(page, 'Aparência').click();
    await expect(panel(page).getByRole('radio', { name: 'Light Mode' })).toBeChecked();

    await logOut(page);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await logInThroughForm(page, user.email, user.password);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.goto('/settings');
    await tab(page, 'Aparência').click();
    await expect(panel(page).getByRole('radio', { name: 'Light Mode' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await panel(page).getByText('Dark Mode', { exact: true }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});
