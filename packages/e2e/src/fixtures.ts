import { AxeBuilder } from '@axe-core/playwright';
import type { Company } from '@backoffice/contracts';
import { startSmtpCatcher } from '@backoffice/server/testing/smtp-catcher';
import { test as base, expect, type Page, type WorkerFixture } from '@playwright/test';
import { Api } from './api.js';
import { type CompanySeed, seedCompanies, userWithEmptyRegistry } from './companies.js';
import { PRODUCT_FIXTURE_TIMEOUT_MS, type Product, startProduct } from './product.js';

type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

interface WorkerFixtures {
  smtp: SmtpCatcher;
  product: Product;
  api: Api;
}

interface TestFixtures {
  /** Opens the app signed in with `token` (stored as the spec says: localStorage.access_token). */
  signIn: (token: string, path?: string) => Promise<void>;
}

/** One product server (and SMTP catcher) per worker; each test gets its own browser context. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const smtp = await startSmtpCatcher();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ smtp }, use) => {
      const product = await startProduct({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_TLS: 'false' });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
  ],
  api: [async ({ product }, use) => use(new Api(product.url)), { scope: 'worker' }],
  baseURL: async ({ product }, use) => use(product.url),
  signIn: async ({ page }, use) => {
    await use(async (token, path = '/') => {
      await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
      await page.goto(path);
    });
  },
});

export { expect };

interface RegistryFixtures {
  userToken: string;
  /** Registers companies as the test's user (`seedCompanies`), oldest first. */
  seed: (companies: CompanySeed[]) => Promise<Company[]>;
  /** Opens the app at `path` signed in as the test's user. */
  openAsUser: (path: string) => Promise<void>;
}

/**
 * `test` for the companies screens: each test starts as a new ordinary user (`userToken`) with the
 * registry emptied first, since companies are everyone's and the tests count and order them.
 */
export const registryTest = test.extend<RegistryFixtures>({
  userToken: [async ({ api }, use) => use(await userWithEmptyRegistry(api)), { auto: true }],
  seed: async ({ api, userToken }, use) => use((companies) => seedCompanies(api, userToken, companies)),
  openAsUser: async ({ signIn, userToken }, use) => use((path) => signIn(userToken, path)),
});

/**
 * A spec's own `product` fixture: the product started with `env` (the setting the spec is about,
 * e.g. `SIGNUP_ENABLED: 'false'`), one per worker, stopped with it.
 */
export function productWith(
  env: Record<string, string>,
): [WorkerFixture<Product, object>, { scope: 'worker'; timeout: number }] {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const product = await startProduct(env);
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: PRODUCT_FIXTURE_TIMEOUT_MS },
  ];
}

/** axe-core: no serious or critical accessibility violation on the current screen. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
