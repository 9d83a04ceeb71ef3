import { expect, test } from '../src/fixtures.js';

test.describe('the composed product', () => {
  test('serves the API, the shell and every remote from one origin', async ({ request, product }) => {
    expect(await (await request.get(`${product.url}/api/v1/utils/health-check/`)).json()).toBe(true);
    const shell = await request.get(`${product.url}/companies`, { headers: { accept: 'text/html' } });
    expect(shell.status()).toBe(200);
    expect(shell.headers()['cache-control']).toBe('no-cache');
    const remotes = await request.get(`${product.url}/remotes.json`);
    expect(remotes.status()).toBe(200);
    for (const name of ['auth', 'companies', 'admin', 'settings']) {
      const manifest = await request.get(`${product.url}/remotes/${name}/mf-manifest.json`);
      expect(manifest.status(), name).toBe(200);
      expect(manifest.headers()['cache-control']).toBe('no-cache');
    }
  });
});
