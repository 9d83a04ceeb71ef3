import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

/** A fake build of the shell and one remote, laid out as the real builds are. */
function fakeBuilds() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>shell</title><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"></head><body></body></html>',
  );
  write('shell/dist/remotes.json', JSON.stringify({ remote_companies: '/remotes/companies/mf-manifest.json' }));
  write('shell/dist/static/js/index.45ed169ddb.js', 'console.log(1)');
  write('remote-companies/dist/remoteEntry.js', 'var entry');
  write(
    'remote-companies/dist/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'CompaniesPage', assets: { js: { sync: ['static/js/async/page.0123abcd99.js'] } } }],
    }),
  );
  write('remote-companies/dist/static/js/async/page.0123abcd99.js', 'var page');
  return root;
}

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fakeBuilds();
  t = await createTestApp({ env: { WEB_ROOT: webRoot } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('one origin for the API, the shell and the remotes', () => {
  it('serves the shell at / and its client routes through the history fallback', async () => {
    for (const url of ['/', '/companies?page=2', '/settings', '/some/unknown/route']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes the remote registry into the page and preloads the first screen of a remote route', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(home.body).toContain(
      '<script type="application/json" id="backoffice-config">{"remotes":{"remote_companies":"/remotes/companies/mf-manifest.json"}}</script>',
    );
    expect(home.body).not.toContain('remotes.json');
    expect(home.body).not.toContain('rel="prefetch"');
    const companies = await t.app.inject({ method: 'GET', url: '/companies?page=2', headers: html });
    expect(companies.body).toContain(
      '<link rel="preload" href="/remotes/companies/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    for (const href of ['/remotes/companies/remoteEntry.js', '/remotes/companies/static/js/async/page.0123abcd99.js']) {
      expect(companies.body).toContain(`<link rel="prefetch" href="${href}">`);
    }
    // A remote that is not built is simply not announced.
    const admin = await t.app.inject({ method: 'GET', url: '/admin', headers: html });
    expect(admin.body).not.toContain('/remotes/admin/');
  });

  it('caches hashed assets for a year and revalidates entry points', async () => {
    const asset = await t.get('/static/js/index.45ed169ddb.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/remotes.json', '/remotes/companies/remoteEntry.js', '/remotes/companies/mf-manifest.json']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const chunk = await t.get('/remotes/companies/static/js/async/page.0123abcd99.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Other origins may load the built files (the companies embed); the API stays same-origin.
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.get('/api/v1/utils/health-check/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps API and missing files as JSON 404s, never the shell page', async () => {
    for (const url of ['/api/v1/nowhere', '/remotes/admin/remoteEntry.js', '/static/js/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    }
  });
});
