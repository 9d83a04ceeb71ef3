import { expectErrorOnLeaving, logInThroughForm, loginForm } from '../src/auth-pages.js';
import { holdRequests } from '../src/deferred.js';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

test.describe('/login', () => {
  test('shows the logo, the fields, the recovery and sign-up links and Entrar; no serious a11y violation', async ({
    page,
  }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await expect(page.getByRole('img', { name: 'Back Office' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(form.email).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.submit).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('validates on blur with the spec messages', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await expectErrorOnLeaving(form.email, 'Username is required');
    await expectErrorOnLeaving(form.email, 'Endereço de email inválido', 'not-an-email');
    await expectErrorOnLeaving(form.password, 'Senha é obrigatória');
    await expectNoSeriousA11yViolations(page);

    await form.email.fill('ana@example.com');
    await form.email.blur();
    await expect(form.email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the password toggle shows and hides the password, by keyboard too', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.password.fill('a-secret-value');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(form.password).toHaveAttribute('type', 'text');
    await expect(form.password).toHaveValue('a-secret-value');
    await page.getByRole('button', { name: 'Ocultar senha' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.password).toHaveAttribute('type', 'password');
  });

  test('success stores the token and goes to the dashboard; log out comes back here', async ({ page, api }) => {
    const user = await api.createUser({ full_name: 'Luísa Prado' });
    await page.goto('/login');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/login/access-token'));
    await logInThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bem-vindo(a), Luísa Prado!')).toBeVisible();
    // The token this login was given (not compared with the one the test's API client got: two tokens of one
    // user issued within the same second are the same).
    const { access_token: issued } = (await (await answer).json()) as { access_token: string };
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe(issued);

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    await expect(loginForm(page).submit).toBeVisible();
  });

  test('the Enter key submits the form', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.password.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows "E-mail ou senha incorretos." under the password field', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await logInThroughForm(page, user.email, 'not-the-password');
    const form = loginForm(page);
    await expect(form.password).toHaveAccessibleErrorMessage('E-mail ou senha incorretos.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });

  test('an inactive user sees "Usuário inativo."', async ({ page, api }) => {
    const user = await api.createUser({ is_active: false });
    await page.goto('/login');
    await logInThroughForm(page, user.email, user.password);
    await expect(loginForm(page).password).toHaveAccessibleErrorMessage('Usuário inativo.');
  });

  test('a server that is down shows the unexpected-error sentence', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await page.route('**/api/v1/login/access-token', (route) => route.abort('connectionrefused'));
    await logInThroughForm(page, user.email, user.password);
    await expect(loginForm(page).password).toHaveAccessibleErrorMessage('Ocorreu um erro inesperado. Tente novamente.');
  });

  test('while submitting the button is busy and the previous error is gone', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    const form = loginForm(page);
    await logInThroughForm(page, user.email, 'not-the-password');
    await expect(form.password).toHaveAccessibleErrorMessage('E-mail ou senha incorretos.');

    // Hold the next login request until the busy state has been checked.
    const release = await holdRequests(page, '**/api/v1/login/access-token');
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveAttribute('aria-busy', 'true');
    await expect(form.password).not.toHaveAttribute('aria-invalid', 'true');
    release();
    await expect(page).toHaveURL(/\/$/);
  });
});
