import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../src/fixtures.js';
import { PRODUCT_FIXTURE_TIMEOUT_MS, type Product, REPO_ROOT, startProduct } from '../src/product.js';
import { type DevServer, GREETINGS_DIST, productWebRoot, startDevServer } from '../src/remote-delivery.js';

/**
 * A team ships its area on its own (issue 25): a remote declares its screens, the product shows them
 * with the shell and the server untouched, and a developer runs a remote from a dev server inside the
 * real product. The fixture remote `greetings` (packages/e2e/fixtures/remote-greetings) is named by
 * nothing in shell/ or packages/server.
 */

const test = base.extend<object, { webRoot: ReturnType<typeof productWebRoot>; devServer: DevServer }>({
  webRoot: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const webRoot = productWebRoot();
      await use(webRoot);
      webRoot.remove();
    },
    { scope: 'worker' },
  ],
  devServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startDevServer(GREETINGS_DIST);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ webRoot, devServer }, use) => {
      const product: Product = await startProduct({ WEB_ROOT: webRoot.root, DEV_REMOTE_ORIGINS: devServer.origin });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
  ],
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const banner = (page: Page) => page.getByRole('region', { name: 'Desenvolvimento local' });

test.describe('a remote that adds a screen', () => {
  test('gets its route, its menu entry in its order and its title, with the shell and the server untouched', async ({
    page,
    api,
    signIn,
    webRoot,
  }) => {
    // Nothing in the shell's build knows the area.
    const shellFiles = fs.readdirSync(path.join(REPO_ROOT, 'shell/dist'), { recursive: true, encoding: 'utf8' });
    for (const file of shellFiles.filter((f) => /\.(?:js|html|json)$/.test(f))) {
      expect(fs.readFileSync(path.join(REPO_ROOT, 'shell/dist', file), 'utf8'), file).not.toMatch(
        /greetings|Saudações/,
      );
    }
    const user = await api.createUser({ full_name: 'Ana Souza' });
    await signIn(user.token as string);
    await expect(nav(page).getByRole('link')).toHaveText(['Início', 'Empresas', 'Configurações']);

    webRoot.deploy('greetings', GREETINGS_DIST);
    try {
      await page.reload();
      await expect(nav(page).getByRole('link')).toHaveText(['Início', 'Empresas', 'Saudações', 'Configurações']);
      await nav(page).getByRole('link', { name: 'Saudações' }).click();
      await expect(page).toHaveURL(/\/greetings$/);
      await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
      await expect(page.getByText(`Você entrou como ${user.email}.`)).toBeVisible();
      await expect(page).toHaveTitle('Saudações · Back Office');
      await expect(nav(page).getByRole('link', { name: 'Saudações' })).toHaveAttribute('aria-current', 'page');

      // Its second screen, with a parameter, opened directly: the server names its files in the page.
      const files: string[] = [];
      page.on('request', (request) => files.push(new URL(request.url()).pathname));
      await page.goto('/greetings/Bia');
      await expect(page.getByRole('heading', { name: 'Olá, Bia!' })).toBeVisible();
      await expect(page).toHaveTitle('Saudação · Back Office');
      expect(files).toContain('/remotes/greetings/remoteEntry.js');
    } finally {
      webRoot.undeploy('greetings');
    }
    // Gone again on the next load: its paths are "not found", inside the frame.
    await page.goto('/greetings');
    await expect(page.getByRole('heading', { name: 'Página não disponível' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Empresas' })).toBeVisible();
  });

  test('that is down leaves the rest of the product working', async ({ page, api, signIn, webRoot }) => {
    webRoot.deploy('greetings', GREETINGS_DIST);
    try {
      await page.route('**/remotes/greetings/**', (route) => route.abort('connectionrefused'));
      const user = await api.createUser();
      await signIn(user.token as string, '/greetings');
      await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
      await nav(page).getByRole('link', { name: 'Empresas' }).click();
      await expect(page.getByRole('heading', { name: 'Gestão de Empresas' })).toBeVisible();
      await nav(page).getByRole('link', { name: 'Saudações' }).click();
      await page.unroute('**/remotes/greetings/**');
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
    } finally {
      webRoot.undeploy('greetings');
    }
  });
});

test.describe('running a remote from a dev server inside the product', () => {
  test('an allowed origin: loaded from there, with a banner and the way back; kept across loads', async ({
    page,
    api,
    signIn,
    devServer,
  }) => {
    const user = await api.createUser({ full_name: 'Caio Dev' });
    await signIn(user.token as string, `/?remote-override=greetings@${devServer.origin}/remote.json`);
    await expect(banner(page)).toContainText(
      `A área "greetings" está sendo carregada de ${devServer.origin}/remote.json (desenvolvimento local).`,
    );
    // The parameter is done with: the address bar drops it, the session cookie keeps the override.
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link', { name: 'Saudações' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Saudações' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Caio Dev!' })).toBeVisible();
    expect(devServer.requests).toEqual(
      expect.arrayContaining(['/remote.json', '/mf-manifest.json', '/remoteEntry.js']),
    );

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Olá, Caio Dev!' })).toBeVisible();
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('link', { name: 'Voltar às versões publicadas' }).click();
    await expect(banner(page)).toBeHidden();
    // This product has no released greetings: its path is not found any more.
    await expect(page.getByRole('heading', { name: 'Página não disponível' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Saudações' })).toHaveCount(0);
  });

  test('another origin: refused, said in the console, nothing loaded from it', async ({ page, api, signIn }) => {
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('http://localhost:9')) elsewhere.push(request.url());
    });
    const user = await api.createUser();
    await signIn(user.token as string, '/?remote-override=greetings@http://localhost:9/remote.json');
    await expect(page.getByText('Aqui está um resumo do sistema').filter({ visible: true })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await expect(nav(page).getByRole('link', { name: 'Saudações' })).toHaveCount(0);
    expect(warnings).toContainEqual(
      expect.stringContaining('remote-override greetings: http://localhost:9 is not in DEV_REMOTE_ORIGINS'),
    );
    expect(elsewhere).toEqual([]);
  });
});
