import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';
import { field, logInThroughForm, notice, uniqueEmail } from '../src/users-area.js';

/**
 * An e-mail change cannot take an account for good (issue 24): the change made in Meu Perfil mails the
 * old address (the real SMTP catcher) a link; its page, opened in the browser, gives the e-mail back and
 * ends every session, and the owner logs in again with the old address.
 */
const profile = (page: Page) => page.getByRole('tabpanel');

test('the old address gets a link that undoes the change and ends every session', async ({
  page,
  api,
  signIn,
  smtp,
  product,
}) => {
  const user = await api.createUser({ full_name: 'Dona da Conta' });
  await signIn(user.token as string, '/settings');
  await profile(page).getByRole('button', { name: 'Editar' }).click();
  const taken = uniqueEmail('invasor');
  await field(profile(page), 'Email').fill(taken);
  await profile(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'User updated successfully.')).toBeVisible();
  await expect(page.getByText(`Logged in as: ${taken}`)).toBeVisible();

  const mail = await smtp.waitFor(user.email);
  expect(mail.subject).toBe('Back Office - O e-mail da sua conta foi alterado');
  const link = new RegExp(`${product.url}/revert-email-change\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();

  // Opened in the browser that is still logged in (the session someone else may have used).
  await page.goto(link as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Desfazer alteração de e-mail' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Desfazer a alteração' }).click();
  const done = page.getByRole('alert').filter({ hasText: 'Alteração desfeita' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  const me = await fetch(`${product.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(me.status).toBe(401);

  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByText(`Logged in as: ${user.email}`)).toBeVisible();

  // The link works once.
  await page.goto(link as string);
  await page.getByRole('button', { name: 'Desfazer a alteração' }).click();
  await expect(page.getByRole('alert')).toContainText('Este link é inválido, expirou ou já foi usado.');
});
