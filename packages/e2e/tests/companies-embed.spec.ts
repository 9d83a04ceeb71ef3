import { startSmtpCatcher } from '@backoffice/server/testing/smtp-catcher';
import type { Locator, Page } from '@playwright/test';
import { isCompaniesList, saveCompanyDialog, validCnpj } from '../src/companies.js';
import { type EmbedHost, embedHostFixture } from '../src/embed-host.js';
import { registryTest as base, expect, expectNoSeriousA11yViolations } from '../src/fixtures.js';
import { PRODUCT_FIXTURE_TIMEOUT_MS, type Product, startProduct } from '../src/product.js';

/**
 * The embed on a third-party origin: the portal (http://localhost:P1) loads only
 * `embed.js` from the product (http://127.0.0.1:P2), whose API allows that origin by CORS_ORIGINS.
 */
interface Portal {
  url: string;
  embed: Locator;
}

const test = base.extend<{ openPortal: (attributes?: Record<string, string>) => Promise<Portal> }, { host: EmbedHost }>(
  {
    host: [embedHostFixture, { scope: 'worker' }],
    /**
     * Opens the host's page (`startEmbedHost`) with the embed, handed the test user's token unless `attributes`
     * name another; `{ embed: '0' }` opens the host page alone.
     */
    openPortal: async ({ page, host, product, userToken }, use) =>
      use(async (attributes = {}) => {
        const url = `${host.origin}/portal?${new URLSearchParams({ api: product.url, token: userToken, ...attributes })}`;
        await page.goto(url);
        return { url, embed: page.locator('backoffice-companies') };
      }),
    product: [
      async ({ host }, use) => {
        const smtp = await startSmtpCatcher();
        const product: Product = await startProduct({
          CORS_ORIGINS: host.origin,
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(smtp.port),
          SMTP_TLS: 'false',
        });
        await use(product);
        await product.stop();
        await smtp.close();
      },
      { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
    ],
  },
);

const STYLE_PROPERTIES = ['font-family', 'font-size', 'color', 'background-color', 'letter-spacing', 'text-align'];

async function hostStyles(page: Page) {
  return page.evaluate((properties) => {
    const pick = (selector: string) => {
      const style = getComputedStyle(document.querySelector(selector) as Element);
      return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
    };
    return {
      html: pick('html'),
      body: pick('body'),
      title: pick('#host-title'),
      button: pick('#host-button'),
      htmlClass: document.documentElement.className,
      htmlStyle: document.documentElement.getAttribute('style'),
      headStyles: document.head.querySelectorAll('style, link[rel=stylesheet]').length,
    };
  }, STYLE_PROPERTIES);
}

test.describe('the companies embed on another origin', () => {
  test('renders, searches and creates with one script tag; the host page keeps its URL and styles', async ({
    page,
    openPortal,
    product,
    seed,
  }) => {
    await seed([
      { trading_name: 'Padaria São João', legal_name: 'Souza & Filhos Ltda', type: 'matriz' },
      { trading_name: 'Oficina Central', legal_name: 'Central Reparos ME' },
    ]);

    await openPortal({ embed: '0' });
    const before = await hostStyles(page);

    const { url, embed } = await openPortal();
    await expect(embed.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Padaria São João', exact: true })).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Oficina Central', exact: true })).toBeVisible();

    // The host's own elements are styled exactly as without the embed, and nothing was added to its head.
    expect(await hostStyles(page)).toEqual(before);
    // The host's loud button style does not reach the embed's buttons (brand red #D92534, not hotpink).
    await expect(embed.getByRole('button', { name: 'Adicionar Empresa' })).toHaveCSS(
      'background-color',
      'rgb(217, 37, 52)',
    );
    // The embed's fonts are its own, not the host's serif.
    const headingFont = await embed
      .getByRole('heading', { name: 'Gestão de Empresas' })
      .evaluate((element) => getComputedStyle(element).fontFamily);
    expect(headingFont).not.toContain('Georgia');

    // Search (accent-insensitive) in memory routing: the host URL never changes.
    const searched = page.waitForRequest((request) => isCompaniesList(request, { search: 'sao joao' }));
    await embed.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' }).fill('sao joao');
    await searched;
    await expect(embed.getByRole('cell', { name: 'Oficina Central', exact: true })).toHaveCount(0);
    await expect(embed.getByRole('cell', { name: 'Padaria São João', exact: true })).toBeVisible();
    expect(page.url()).toBe(url);

    // Create through the dialog, which opens inside the embed (its styles apply to it).
    await embed.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' }).fill('');
    await embed.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = embed.getByRole('dialog', { name: 'Adicionar Empresa' });
    await expect(dialog).toBeVisible();
    const cnpj = validCnpj();
    await dialog.getByLabel('Nome Fantasia').fill('Mercado Embutido');
    await dialog.getByLabel('Razão Social').fill('Mercado Embutido Ltda');
    await dialog.getByLabel('CNPJ').pressSequentially(cnpj);
    expect(await saveCompanyDialog(page, dialog, product.url)).toEqual({
      trading_name: 'Mercado Embutido',
      legal_name: 'Mercado Embutido Ltda',
      tax_id: cnpj,
      type: 'filial',
      is_active: true,
    });
    await expect(embed.getByText('Empresa criada com sucesso.')).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Mercado Embutido', exact: true })).toBeVisible();
    expect(page.url()).toBe(url);
    expect(await hostStyles(page)).toEqual(before);
    await expectNoSeriousA11yViolations(page);

    // Edit and delete through the actions menu, whose popup and dialogs live in the shadow root too.
    const row = embed
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Mercado Embutido', exact: true }) });
    await embed.getByRole('button', { name: 'Ações para Mercado Embutido' }).click();
    await embed.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = embed.getByRole('dialog', { name: 'Editar Empresa' });
    await edit.getByLabel('Tipo').selectOption('matriz');
    const patched = page.waitForRequest((request) => request.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    expect((await patched).postDataJSON()).toEqual({ type: 'matriz' });
    await expect(embed.getByText('Empresa atualizada com sucesso.')).toBeVisible();
    await expect(row).toContainText('MATRIZ');

    await embed.getByRole('button', { name: 'Ações para Mercado Embutido' }).focus();
    await page.keyboard.press('Enter');
    await expect(embed.getByRole('menu')).toBeVisible();
    await page.keyboard.press('End');
    await expect(embed.getByRole('menuitem', { name: 'Excluir' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    const confirm = embed.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Tem certeza que deseja excluir Empresa "Mercado Embutido"? Esta ação não pode ser desfeita.',
    );
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(embed.getByText('Empresa excluído(a) com sucesso.')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(page.url()).toBe(url);
  });

  test('routing="url": filters in the host URL, restored on a reload', async ({ page, openPortal, product, seed }) => {
    await seed([
      { trading_name: 'Matriz Alfa', type: 'matriz' },
      { trading_name: 'Filial Beta', type: 'filial' },
    ]);
    const { embed } = await openPortal({ routing: 'url' });
    await expect(embed.getByRole('cell', { name: 'Filial Beta', exact: true })).toBeVisible();
    await embed.getByRole('combobox', { name: 'Tipo' }).selectOption('matriz');
    await expect(embed.getByRole('cell', { name: 'Filial Beta', exact: true })).toHaveCount(0);
    const hostUrl = new URL(page.url());
    expect(hostUrl.searchParams.get('type')).toBe('matriz');
    // The host's own parameters are kept.
    expect(hostUrl.searchParams.get('api')).toBe(product.url);
    await page.reload();
    await expect(embed.getByRole('combobox', { name: 'Tipo' })).toHaveValue('matriz');
    await expect(embed.getByRole('cell', { name: 'Matriz Alfa', exact: true })).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Filial Beta', exact: true })).toHaveCount(0);
  });

  test('color-mode="light" styles the screen and its dialogs light, readable (axe), without touching the host', async ({
    page,
    openPortal,
    seed,
  }) => {
    await seed([{ trading_name: 'Clara Ltda', type: 'matriz' }]);
    await openPortal({ embed: '0' });
    const before = await hostStyles(page);
    const { embed } = await openPortal({ 'color-mode': 'light' });
    await expect(embed.getByRole('cell', { name: 'Clara Ltda', exact: true })).toBeVisible();
    // The light theme's near-black text (gray.950), where the default dark theme has near-white.
    await expect(embed.getByRole('heading', { name: 'Gestão de Empresas' })).toHaveCSS('color', 'rgb(9, 9, 11)');
    expect(await hostStyles(page)).toEqual(before);
    await expectNoSeriousA11yViolations(page);

    await embed.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = embed.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('CNPJ').fill('12');
    await dialog.getByLabel('CNPJ').press('Enter');
    await expect(dialog.getByText('CNPJ deve conter 14 dígitos')).toBeVisible();
    await expect(dialog).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expectNoSeriousA11yViolations(page);
  });

  test('a refused token shows a locked screen and tells the host, without touching its storage or URL', async ({
    page,
    openPortal,
    userToken,
  }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('access_token', 'host-own-value');
      document.addEventListener('backoffice-companies:unauthorized', () => {
        (window as unknown as { unauthorizedEvents: number }).unauthorizedEvents =
          ((window as unknown as { unauthorizedEvents?: number }).unauthorizedEvents ?? 0) + 1;
      });
    });
    const { url, embed } = await openPortal({ token: 'not-a-valid-token' });
    await expect(embed.getByText('Sessão ausente ou expirada')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { unauthorizedEvents?: number }).unauthorizedEvents)).toBe(
      1,
    );
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe('host-own-value');
    expect(page.url()).toBe(url);

    // The host signs the person in again and hands the new token over: the screen comes back.
    await page.evaluate((t) => document.querySelector('backoffice-companies')?.setAttribute('token', t), userToken);
    await expect(embed.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
    await expect(embed.getByText('Nenhuma empresa cadastrada')).toBeVisible();
    expect(page.url()).toBe(url);
  });

  test('the product serves embed.js to other origins and the example host page', async ({
    page,
    product,
    request,
    seed,
    userToken,
  }) => {
    const script = await request.get(`${product.url}/remotes/companies/embed/v1/embed.js`);
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toContain('javascript');
    expect(script.headers()['cross-origin-resource-policy']).toBe('cross-origin');

    await seed([{ trading_name: 'Empresa do Exemplo' }]);
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), userToken);
    await page.goto(`${product.url}/remotes/companies/embed/example.html`);
    await expect(page.getByRole('heading', { name: 'Portal de exemplo' })).toBeVisible();
    const embed = page.locator('backoffice-companies');
    await expect(embed.getByRole('cell', { name: 'Empresa do Exemplo', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
