import type { Page, Response } from '@playwright/test';
import { isCompaniesList, validCnpj } from '../src/companies.js';
import { type PartnerPortal, partnerPortalOrigin, startPartnerPortal } from '../src/embed-host.js';
import { registryTest as base, expect, expectNoSeriousA11yViolations, productWith } from '../src/fixtures.js';

/**
 * A partner portal on its own origin (remote-companies/examples/partner-portal.mjs, the README's
 * example) embeds the companies screen with `fetchToken`: its server exchanges the portal's partner
 * key for short-lived embed tokens. The product has no CORS_ORIGINS: creating the key is all the
 * configuration a portal needs. Tokens live one minute here, so a refresh can be watched.
 */
const test = base.extend<{ openPortal: (access: 'read' | 'read-write') => Promise<Portal> }>({
  product: productWith({ EMBED_TOKEN_EXPIRE_MINUTES: '1' }),
  openPortal: async ({ api, product, page }, use) => {
    const started: PartnerPortal[] = [];
    await use(async (access) => {
      const { origin, port } = await partnerPortalOrigin();
      const key = await api.call<{ id: string; key: string }>('POST', 'partner-keys/', await api.superuserToken(), {
        name: `Portal ${access}`,
        origins: [origin],
        access,
      });
      const portal = await startPartnerPortal({ backofficeUrl: product.url, partnerKey: key.key, port });
      started.push(portal);
      const { tokens, handedOver } = watchTokens(page, origin);
      await page.goto(origin);
      return { ...portal, keyId: key.id, tokens, handedOver };
    });
    for (const portal of started) await portal.stop();
  },
});

interface Portal extends PartnerPortal {
  keyId: string;
  /** What the portal's server answered the embed's `fetchToken` so far, in order (its bodies read so far). */
  tokens: HandedToken[];
  /**
   * `tokens` once every answer seen so far is read: a body is read from the browser after its response event,
   * and the page may have used the token before the test has it (a loaded machine).
   */
  handedOver(): Promise<HandedToken[]>;
}

interface HandedToken {
  token: string;
  expiresIn: number;
}

/** Records each token the portal's server hands to its page. */
function watchTokens(page: Page, origin: string) {
  const tokens: HandedToken[] = [];
  const reads = new Set<Promise<void>>();
  page.on('response', (response: Response) => {
    if (response.url() !== `${origin}/backoffice-token` || !response.ok()) return;
    // Pushed in the order the answers came, whichever body is read first.
    const at = tokens.length;
    tokens.length += 1;
    const read = response.json().then((token: HandedToken) => {
      tokens[at] = token;
      reads.delete(read);
    });
    reads.add(read);
  });
  const handedOver = async () => {
    await Promise.all(reads);
    return tokens;
  };
  return { tokens, handedOver };
}

const claimsOf = (token: string, part = 1) =>
  JSON.parse(Buffer.from(token.split('.')[part] as string, 'base64url').toString()) as Record<string, unknown>;

/** A call to the product's API from the portal's page (its Origin), with `token`. */
function fromPortal(page: Page, url: string, token: string, init: { method?: string; body?: object } = {}) {
  return page.evaluate(
    async ({ url, token, init }) => {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    { url, token, init },
  );
}

test.describe('the companies embed in a partner portal, through its partner key', () => {
  test('a read-write key: the portal lists and creates with fetchToken, no CORS setting needed', async ({
    page,
    seed,
    product,
    openPortal,
  }) => {
    await seed([{ trading_name: 'Padaria do Portal', type: 'matriz' }]);
    const listed = page.waitForRequest((request) => isCompaniesList(request));
    const portal = await openPortal('read-write');
    const embed = page.locator('backoffice-companies');
    await expect(embed.getByRole('cell', { name: 'Padaria do Portal', exact: true })).toBeVisible();

    // The screen sends the embed token the portal handed over, never a user's token.
    const authorization = (await listed).headers().authorization ?? '';
    expect(authorization).toBe(`Bearer ${(await portal.handedOver())[0]?.token}`);
    expect(claimsOf(authorization.slice('Bearer '.length), 0)).toMatchObject({ typ: 'bo-embed+jwt' });
    expect(claimsOf(authorization.slice('Bearer '.length))).toMatchObject({ access: 'read-write' });

    await embed.getByRole('button', { name: 'Adicionar Empresa' }).click();
    const dialog = embed.getByRole('dialog', { name: 'Adicionar Empresa' });
    await dialog.getByLabel('Nome Fantasia').fill('Mercado do Parceiro');
    await dialog.getByLabel('Razão Social').fill('Mercado do Parceiro Ltda');
    await dialog.getByLabel('CNPJ').pressSequentially(validCnpj());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(embed.getByText('Empresa criada com sucesso.')).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Mercado do Parceiro', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The token opens nothing else, even sent with the portal's origin (a browser there is not even let in by CORS).
    const outOfScope = await fetch(`${product.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${portal.tokens[0]?.token}`, origin: portal.origin },
    });
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('a read-only key: the list and the export, no action that would be refused', async ({
    page,
    seed,
    product,
    openPortal,
  }) => {
    const [company] = await seed([{ trading_name: 'Só Leitura Ltda' }]);
    const portal = await openPortal('read');
    const embed = page.locator('backoffice-companies');
    await expect(embed.getByRole('cell', { name: 'Só Leitura Ltda', exact: true })).toBeVisible();
    await expect(embed.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(embed.getByRole('button', { name: 'Adicionar Empresa' })).toHaveCount(0);
    await expect(embed.getByRole('button', { name: 'Ações para Só Leitura Ltda' })).toHaveCount(0);
    await expect(embed.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // What the screen does not offer, the API refuses too.
    const token = (await portal.handedOver())[0]?.token as string;
    const refused = await fromPortal(page, `${product.url}/api/v1/companies/${company?.id}`, token, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/read-only/);
  });

  test('a fresh token is fetched before the first one expires, and the screen works past its end', async ({
    page,
    seed,
    product,
    openPortal,
  }) => {
    test.setTimeout(150_000);
    await seed([{ trading_name: 'Alfa Comércio' }, { trading_name: 'Beta Serviços' }]);
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${product.url}/api/`) && response.status() === 401) refusals.push(response.url());
    });
    const portal = await openPortal('read-write');
    const embed = page.locator('backoffice-companies');
    await expect(embed.getByRole('cell', { name: 'Alfa Comércio', exact: true })).toBeVisible();
    expect(await portal.handedOver()).toHaveLength(1);
    const first = portal.tokens[0]?.token as string;
    expect(portal.tokens[0]?.expiresIn).toBeLessThanOrEqual(60);

    // At 80 % of its minute the embed asks the portal again, and the portal exchanges its key anew.
    await expect.poll(() => portal.tokens.length, { timeout: 70_000, intervals: [1_000] }).toBe(2);
    await portal.handedOver();
    const second = portal.tokens[1]?.token as string;
    expect(second).not.toBe(first);

    // Past the first token's expiry, the screen goes on with the second one, without a refusal on the way.
    const firstExpiry = claimsOf(first).exp as number;
    await page.waitForTimeout(Math.max(0, firstExpiry * 1000 + 1_500 - Date.now()));
    expect((await fromPortal(page, `${product.url}/api/v1/companies/`, first)).status).toBe(401);
    refusals.length = 0;
    const searched = page.waitForRequest((request) => isCompaniesList(request, { search: 'beta' }));
    await embed.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' }).fill('beta');
    expect((await searched).headers().authorization).toBe(`Bearer ${second}`);
    await expect(embed.getByRole('cell', { name: 'Alfa Comércio', exact: true })).toHaveCount(0);
    await expect(embed.getByRole('cell', { name: 'Beta Serviços', exact: true })).toBeVisible();
    expect(refusals).toEqual([]);
    await expect(embed.getByText('Sessão ausente ou expirada')).toHaveCount(0);
  });

  test('revoking the key locks the screen at its next request', async ({ page, api, seed, openPortal }) => {
    await seed([{ trading_name: 'Gama Indústria' }]);
    const portal = await openPortal('read-write');
    const embed = page.locator('backoffice-companies');
    await expect(embed.getByRole('cell', { name: 'Gama Indústria', exact: true })).toBeVisible();

    await api.call('POST', `partner-keys/${portal.keyId}/revoke`, await api.superuserToken());
    await embed.getByRole('searchbox', { name: 'Buscar por nome, razão social ou CNPJ' }).fill('gama');
    await expect(embed.getByText('Sessão ausente ou expirada')).toBeVisible();
    await expect(embed.getByRole('cell', { name: 'Gama Indústria', exact: true })).toHaveCount(0);
    // The refusal made the embed ask its portal once more; the portal's cached token was refused again.
    const tokens = await portal.handedOver();
    expect(tokens.map(({ token }) => token)).toEqual([tokens[0]?.token, tokens[0]?.token]);
  });
});
