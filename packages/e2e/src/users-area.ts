import { expect, type Locator, type Page } from '@playwright/test';

/** Locators and steps of the users and settings areas (remote-admin, remote-settings). */

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * A text or password field by its exact accessible name (a label's required mark is hidden from it),
 * so `Senha` does not also match `Mostrar senha` or `Confirmar senha`.
 */
export const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** A notice (toast) by its exact title or text. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Signs in through the login screen (the fixtures' `signIn` would re-store its token at every load). */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function logOut(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .locator('..')
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The admin table's row that shows `email`. */
export const userRow = (page: Page, email: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByText(email, { exact: true }) });

export const actionsButton = (page: Page, email: string) =>
  page.getByRole('button', { name: `Ações para ${email}`, exact: true });

export async function openRowAction(page: Page, email: string, action: 'Editar' | 'Excluir'): Promise<void> {
  await actionsButton(page, email).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

export const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Adicionar usuário' });
export const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Editar usuário' });

/** Fills the user dialog's fields that are given. */
export async function fillUserDialog(
  dialog: Locator,
  values: { email?: string; fullName?: string; password?: string; confirm?: string; passwordLabel?: string },
): Promise<void> {
  if (values.email !== undefined) await field(dialog, 'Email').fill(values.email);
  if (values.fullName !== undefined) await field(dialog, 'Full name').fill(values.fullName);
  if (values.password !== undefined) await field(dialog, values.passwordLabel ?? 'Senha').fill(values.password);
  if (values.confirm !== undefined) await field(dialog, 'Confirmar senha').fill(values.confirm);
}
