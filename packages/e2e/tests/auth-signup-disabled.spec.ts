import { test as base, expect, expectNoSeriousA11yViolations, productWith } from '../src/fixtures.js';

/**
 * SIGNUP_ENABLED=false (issue 24): the login page offers no sign-up, an old /signup link says why, and
 * the API refuses the request itself.
 */
const test = base.extend({
  product: productWith({ SIGNUP_ENABLED: 'false' }),
});

test('the login page hides its sign-up link; /signup says sign-up is off; the API answers 403', async ({
  page,
  product,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveCount(0);
  await expect(page.getByText('Não tem uma conta?')).toHaveCount(0);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Cadastro desativado').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  const res = await fetch(`${product.url}/api/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'quem@example.com', password: 'password-123', full_name: 'Quem Quer' }),
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    detail: 'Sign-up is disabled on this server: ask an administrator for an account',
  });
});
