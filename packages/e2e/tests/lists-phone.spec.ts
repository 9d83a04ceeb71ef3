import type { Page } from '@playwright/test';
import { maskCnpj, seedCompanies, userWithEmptyRegistry } from '../src/companies.js';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

/** A phone held upright (issue 12): lists as cards, filters folded, nothing off-screen sideways. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The page is no wider than the screen: nothing to scroll to sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('lists on a 390 × 844 phone', () => {
  test('companies: one card per company with name, CNPJ, type and actions; filters behind "Filtros"', async ({
    page,
    api,
    signIn,
  }) => {
    const token = await userWithEmptyRegistry(api);
    const [padaria] = await seedCompanies(api, token, [
      {
        trading_name: 'Padaria São João do Bairro Alto',
        legal_name: 'Souza & Filhos Panificação e Confeitaria Ltda',
        type: 'matriz',
      },
      { trading_name: 'Oficina Central', legal_name: 'Central Reparos ME', is_active: false },
    ]);
    await signIn(token, '/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Empresas' })).toBeVisible();
    await expect(page.getByText('2 empresas')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    const cards = page.getByRole('list', { name: 'Empresas cadastradas' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    const card = cards.filter({ hasText: 'Padaria São João do Bairro Alto' });
    await expect(card.getByText(maskCnpj(padaria?.tax_id as string))).toBeVisible();
    await expect(card.getByText('MATRIZ', { exact: true })).toBeVisible();
    const actions = card.getByRole('button', { name: 'Ações para Padaria São João do Bairro Alto' });
    await expect(actions).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Every action is in reach: the menu opens on the card and Editar opens the dialog.
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeInViewport();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Empresa' });
    await expect(dialog.getByLabel('Nome Fantasia')).toHaveValue('Padaria São João do Bairro Alto');
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);

    // The filters fold behind one button; the search box stays.
    await expect(page.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Situação' })).toBeHidden();
    const filters = page.getByRole('button', { name: /^Filtros/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('false');
    await expect(page).toHaveURL(/is_active=false/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Oficina Central');
    // Status at a glance: the inactive company's card carries the badge; the active one's none.
    await expect(cards.first().getByText('Inativa', { exact: true })).toBeVisible();
    await expect(page.getByText('1 empresa', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The order, without headers to click.
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('');
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption('trading_name');
    await expect(page).toHaveURL(/sort=trading_name/);
    await expect(cards.first()).toContainText('Oficina Central');
    await expectNoSidewaysScroll(page);
  });

  test('admin: one card per user with the e-mail, role, status and actions', async ({ page, api, signIn }) => {
    const other = await api.createUser({ full_name: 'Pessoa Com Um Nome Bem Comprido', is_active: false });
    const me = await api.createUser({ is_superuser: true, full_name: 'Admin Celular' });
    await signIn(me.token as string, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administração de Usuários' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem').filter({ hasText: other.email });
    await expect(card.getByText('Inactive')).toBeVisible();
    await expect(card.getByText('User', { exact: true })).toBeVisible();
    const actions = card.getByRole('button', { name: `Ações para ${other.email}` });
    await expect(actions).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeInViewport();
    await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeInViewport();
  });
});
