import { expect, type Locator, type Page } from '@playwright/test';

/** Locators and steps of the account screens (remote-auth), shared by the auth*.spec.ts files. */

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * A text or password field by its accessible name (exact, so `Senha` does not also match the
 * `Mostrar senha` toggle). Not `getByLabel`: the label's text also holds the required marker `*`.
 */
export const byLabel = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/**
 * Leaves `field` — after typing `typed` into it, or only passing through it — and expects `message`
 * as its error: the account forms validate a field when the focus leaves it.
 */
export async function expectErrorOnLeaving(field: Locator, message: string, typed?: string): Promise<void> {
  if (typed === undefined) await field.focus();
  else await field.fill(typed);
  await field.blur();
  await expect(field).toHaveAccessibleErrorMessage(message);
}

export function loginForm(page: Page) {
  return {
    email: byLabel(page, 'E-mail'),
    password: byLabel(page, 'Senha'),
    submit: page.getByRole('button', { name: 'Entrar', exact: true }),
  };
}

export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

export function signupForm(page: Page) {
  return {
    fullName: byLabel(page, 'Nome completo'),
    email: byLabel(page, 'E-mail'),
    password: byLabel(page, 'Senha'),
    confirm: byLabel(page, 'Confirmar senha'),
    submit: page.getByRole('button', { name: 'Sign Up', exact: true }),
  };
}

export function resetForm(page: Page) {
  return {
    newPassword: byLabel(page, 'Nova senha'),
    confirm: byLabel(page, 'Confirmar nova senha'),
    submit: page.getByRole('button', { name: 'Confirmar', exact: true }),
  };
}

/** A notice (toast) by its exact title or text. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true });
