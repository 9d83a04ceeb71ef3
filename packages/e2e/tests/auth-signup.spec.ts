import { expectErrorOnLeaving, logInThroughForm, notice, signupForm, uniqueEmail } from '../src/auth-pages.js';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

test.describe('/signup', () => {
  test('shows the four fields, Sign Up and the Entrar link; no serious a11y violation', async ({ page }) => {
    await page.goto('/signup');
    const form = signupForm(page);
    await expect(page.getByRole('img', { name: 'Back Office' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(form.fullName).toBeVisible();
    await expect(form.email).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.confirm).toHaveAttribute('type', 'password');
    await expect(form.submit).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('validates every field on blur with the spec messages', async ({ page }) => {
    await page.goto('/signup');
    const form = signupForm(page);
    for (const input of [form.fullName, form.email, form.password, form.confirm]) {
      await input.focus();
      await input.blur();
    }
    await expect(form.fullName).toHaveAccessibleErrorMessage('Full Name is required');
    await expect(form.email).toHaveAccessibleErrorMessage('Email is required');
    await expect(form.password).toHaveAccessibleErrorMessage('Password is required');
    await expect(form.confirm).toHaveAccessibleErrorMessage('Confirmação de senha é obrigatória');
    await expectNoSeriousA11yViolations(page);

    await expectErrorOnLeaving(form.fullName, 'Full Name must be at least 3 characters', 'Al');
    await expectErrorOnLeaving(form.email, 'Endereço de email inválido', 'ana@example');
    await expectErrorOnLeaving(form.password, 'Password must be at least 8 characters', '1234567');
    await form.password.fill('12345678');
    await form.password.blur();
    await expectErrorOnLeaving(form.confirm, 'A senha não confere', '12345679');
  });

  test('a new account: only email, full_name and password are sent; Account created; the login works', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    const form = signupForm(page);
    await form.fullName.fill('Bruna Costa');
    await form.email.fill(email);
    await form.password.fill('bruna-password-1');
    await form.confirm.fill('bruna-password-1');
    const request = page.waitForRequest('**/api/v1/users/signup');
    await form.submit.click();
    expect((await request).postDataJSON()).toEqual({
      email,
      full_name: 'Bruna Costa',
      password: 'bruna-password-1',
    });
    await expect(notice(page, 'Account created')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logInThroughForm(page, email, 'bruna-password-1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bem-vindo(a), Bruna Costa!')).toBeVisible();
  });

  test('an e-mail already taken shows "Algo deu errado" with the server detail and stays', async ({ page, api }) => {
    const existing = await api.createUser();
    await page.goto('/signup');
    const form = signupForm(page);
    await form.fullName.fill('Outra Pessoa');
    await form.email.fill(existing.email);
    await form.password.fill('another-password');
    await form.confirm.fill('another-password');
    await form.submit.click();
    await expect(notice(page, 'Algo deu errado')).toBeVisible();
    await expect(notice(page, 'Já existe um usuário com este e-mail.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
