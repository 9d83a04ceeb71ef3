import type { Page } from '@playwright/test';
import { deleteAllCompanies, seedCompanies } from '../src/companies.js';
import { type EmbedHost, embedHostFixture } from '../src/embed-host.js';
import { test as base, expect } from '../src/fixtures.js';
import { ENGINES, type Engine, PRODUCT_FIXTURE_TIMEOUT_MS, type Product, startProductOn } from '../src/product.js';

/**
 * Stored XSS (issue 24's security suite): names that would run script if any screen wrote them as HTML
 * are stored through the API, then shown in real Chromium by every screen that shows them — the
 * dashboard, the companies list and its dialogs, the users list and its dialogs, Meu Perfil — and by the
 * companies embed in a partner's page, which has no CSP of ours to fall back on. Each payload, if it ran,
 * would set `window.__xss` or open a dialog; each must show as the literal text it is.
 */
const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img'">`,
  script: `<script>window.__xss='script'</script>`,
  svg: `"><svg onload="window.__xss='svg'">`,
  link: `<a href="javascript:window.__xss='link'">clique</a>`,
  style: `<style>@import 'javascript:window.__xss=1'</style>`,
  iframe: `<iframe srcdoc="<script>parent.__xss='iframe'</script>">`,
};
/** A full name the profile accepts (at most 30 characters) that would still run. */
const SHORT_PAYLOAD = `<svg onload=window.__xss=1>`;

/** The test with a product on `engine` (a worker of its own per engine). */
const testOn = (engine: Engine) =>
  base.extend<object, { host: EmbedHost }>({
    host: [embedHostFixture, { scope: 'worker' }],
    product: [
      async ({ host }, use) => {
        const product: Product = await startProductOn(engine, { CORS_ORIGINS: host.origin });
        await use(product);
        await product.stop();
      },
      { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
    ],
  });

/** Fails the test on any script a payload ran: a dialog, or the marker it sets. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };
}

for (const engine of ENGINES) {
  const test = testOn(engine);
  test.describe(`stored XSS payloads render as text (${engine})`, () => {
    let token: string;
    let companyNames: string[];
    let firstCompanyId: string;

    test.beforeEach(async ({ api }) => {
      const admin = await api.createUser({ is_superuser: true, full_name: SHORT_PAYLOAD });
      token = admin.token as string;
      await deleteAllCompanies(api, token);
      const names = Object.values(PAYLOADS);
      const created = await seedCompanies(
        api,
        token,
        names.map((name, i) => ({ trading_name: name, legal_name: names[(i + 1) % names.length] })),
      );
      // A change whose old and new values are both payloads: the company page's history shows the pair.
      firstCompanyId = created[0]?.id as string;
      await api.call('PATCH', `companies/${firstCompanyId}`, token, { legal_name: PAYLOADS.link });
      companyNames = names;
      for (const name of names) await api.createUser({ full_name: name });
    });

    test('in the product: dashboard, companies, a company’s page, users and settings', async ({ page, signIn }) => {
      const noScript = watchForScript(page);
      await signIn(token, '/');
      await expect(page.getByText(`Bem-vindo(a), ${SHORT_PAYLOAD}!`)).toBeVisible();
      await noScript();

      await page.goto('/companies?sort=trading_name');
      for (const name of companyNames.slice(0, 5)) {
        await expect(page.getByRole('cell', { name, exact: true }).first()).toBeVisible();
      }
      await page.getByRole('button', { name: `Ações para ${PAYLOADS.img}` }).click();
      await page.getByRole('menuitem', { name: 'Editar' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar Empresa' });
      await expect(edit.getByLabel('Nome Fantasia')).toHaveValue(PAYLOADS.img);
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('button', { name: `Ações para ${PAYLOADS.svg}` }).click();
      await page.getByRole('menuitem', { name: 'Excluir' }).click();
      await expect(
        page.getByText(`Tem certeza que deseja excluir Empresa "${PAYLOADS.svg}"? Esta ação não pode ser desfeita.`),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await noScript();

      await page.goto(`/companies/${firstCompanyId}`);
      await expect(page.getByRole('heading', { level: 1, name: PAYLOADS.img })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Dados da empresa' }).getByText(PAYLOADS.link)).toBeVisible();
      const history = page.getByRole('region', { name: 'Histórico' });
      await expect(history.getByText(PAYLOADS.script, { exact: false }).first()).toBeVisible();
      await noScript();

      await page.goto('/admin');
      await expect(page.getByRole('cell', { name: PAYLOADS.script, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: PAYLOADS.iframe, exact: true })).toBeVisible();
      await noScript();

      await page.goto('/settings');
      await expect(page.getByRole('tabpanel').getByText(SHORT_PAYLOAD, { exact: true })).toBeVisible();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Editar' }).click();
      await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue(SHORT_PAYLOAD);
      await noScript();
    });

    test('in the companies embed on a partner page without our CSP', async ({ page, host, product }) => {
      const noScript = watchForScript(page);
      await page.goto(`${host.origin}/portal?${new URLSearchParams({ api: product.url, token })}`);
      const embed = page.locator('backoffice-companies');
      await expect(embed.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
      await expect(embed.getByRole('cell', { name: PAYLOADS.img, exact: true })).toBeVisible();
      await embed.getByRole('button', { name: `Ações para ${PAYLOADS.script}` }).click();
      await embed.getByRole('menuitem', { name: 'Editar' }).click();
      const edit = embed.getByRole('dialog', { name: 'Editar Empresa' });
      await expect(edit.getByLabel('Razão Social')).toHaveValue(PAYLOADS.svg);
      await noScript();
      // Nothing of the payloads became an element of the page, in the light DOM or the embed's shadow root.
      const injected = await page.evaluate(() => {
        const roots: (Document | ShadowRoot)[] = [document];
        const shadow = document.querySelector('backoffice-companies')?.shadowRoot;
        if (shadow) roots.push(shadow);
        return roots.flatMap((root) =>
          Array.from(
            root.querySelectorAll('img[onerror], svg[onload], iframe[srcdoc], a[href^="javascript:"]'),
            (element) => element.outerHTML,
          ),
        );
      });
      expect(injected).toEqual([]);
    });
  });
}
