import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_CONTRACT_VERSION, type RegistryScreen } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyRequests } from '../src/plugins/first-screen.js';
import { WorkspaceRemotes } from '../src/services/workspace-remotes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { declaration } from './support/remote-builds.js';

/** A screen of the registry with what the early requests read: its path, access and `firstData`. */
const screenOf = (path: string, access: 'signed-in' | 'superuser', firstData: RegistryScreen['firstData']) =>
  ({ path, expose: 'Page', title: 'Página', access, remote: 'r', firstData }) satisfies RegistryScreen;

/** The companies screen as its remote declares it: a list whose first page a page asks for early. */
const COMPANIES = (() => {
  const remote = declaration('companies', '/companies', 'CompaniesPage');
  const firstData = {
    list: '/companies/',
    pageSize: 5,
    params: ['search', 'is_active', 'sort'],
    defaults: { sort: 'newest' },
    values: { is_active: ['true', 'false'] },
  };
  return { ...remote, screens: remote.screens.map((screen) => ({ ...screen, firstData })) };
})();

const BIG_SCRIPT = `export const words = ${JSON.stringify('palavra '.repeat(2000))};`;

/** A fake build of the shell and one remote, laid out as the real builds are. */
function fakeBuilds() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>shell</title><script defer src="/static/js/index.45ed169ddb.js"></script><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"></head><body></body></html>',
  );
  write('shell/dist/static/js/index.45ed169ddb.js', 'console.log(1)');
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('remote-companies/dist/remoteEntry.js', 'var entry');
  write('remote-companies/dist/remote.json', JSON.stringify(COMPANIES));
  write(
    'remote-companies/dist/mf-manifest.json',
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  // What each build's pluginFirstScreen writes, and where the shell's manifest says a shared module is.
  write(
    'remote-companies/dist/first-screen.json',
    JSON.stringify({
      __federation_expose_CompaniesPage: {
        js: ['static/js/async/page.0123abcd99.js'],
        shared: ['react', '@chakra-ui/react/table', '@chakra-ui/react/skeleton'],
      },
    }),
  );
  write(
    'shell/dist/first-screen.json',
    JSON.stringify({
      'signed-in': { js: ['static/js/async/signed-in.77aa00bb11.js'], shared: ['@chakra-ui/react/skeleton'] },
      'early-data': { js: ['static/js/head.5566ccdd00.js'] },
    }),
  );
  write(
    'shell/dist/mf-manifest.json',
    JSON.stringify({
      shared: [
        { name: 'react', assets: { js: { sync: ['static/js/index.45ed169ddb.js'] } } },
        { name: '@chakra-ui/react/table', assets: { js: { sync: ['static/js/async/table.1234abcd56.js'] } } },
        { name: '@chakra-ui/react/skeleton', assets: { js: { sync: ['static/js/async/skeleton.99aa88bb77.js'] } } },
      ],
    }),
  );
  write('remote-companies/dist/static/js/async/page.0123abcd99.js', 'var page');
  // What the builds' pluginPrecompress writes next to a text file.
  write('shell/dist/static/js/vendor.0011aabb22.js', BIG_SCRIPT);
  fs.writeFileSync(
    path.join(root, 'shell/dist/static/js/vendor.0011aabb22.js.br'),
    zlib.brotliCompressSync(BIG_SCRIPT),
  );
  fs.writeFileSync(path.join(root, 'shell/dist/static/js/vendor.0011aabb22.js.gz'), zlib.gzipSync(BIG_SCRIPT));
  return root;
}

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fakeBuilds();
  // The builds in the web root, as a checkout has them (the product serves the release store instead).
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, remoteSource: new WorkspaceRemotes(webRoot) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/** The runtime settings the server wrote into a page. */
function configOf(body: string): unknown {
  const json = /<script type="application\/json" id="backoffice-config">(.*?)<\/script>/.exec(body)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('one origin for the API, the shell and the remotes', () => {
  it('serves the shell at / and its client routes through the history fallback', async () => {
    for (const url of ['/', '/companies?page=2', '/settings', '/some/unknown/route']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes the registry into the page with entries resolved, and names the first screen as deferred scripts', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    // The remote's entry is resolved from its manifest and its screens come from its remote.json:
    // no registry or manifest request.
    expect(configOf(home.body)).toEqual({
      registry: {
        contract: REMOTE_CONTRACT_VERSION,
        remotes: {
          remote_companies: { name: 'companies', version: '1.0.0', entry: '/remotes/companies/remoteEntry.js' },
        },
        screens: [{ ...COMPANIES.screens[0], remote: 'companies' }],
        overrides: [],
        refused: [],
      },
      signupEnabled: true,
      // What the head script asks for with a stored token, besides /users/me: the dashboard's cards.
      early: {
        get: ['/api/v1/companies/?skip=0&limit=1', '/api/v1/companies/?skip=0&limit=1&is_active=true'],
        superuser: ['/api/v1/users/?skip=0&limit=1', '/api/v1/users/?skip=0&limit=1&is_active=true'],
      },
    });
    expect(home.body).not.toContain('remotes.json');
    expect(home.body).not.toMatch(/rel="(?:prefetch|preload)"/);
    const scriptsOf = (body: string) => [...body.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    const companies = await t.app.inject({ method: 'GET', url: '/companies?page=2', headers: html });
    // After the shell's own script: the signed-in frame and the shell's file of the shared module it
    // needs, the remote's entry and the chunks of the page it exposes, then the shell's files of the
    // shared modules that page needs — each once, none the page names already (react is in index).
    // First of all, the head script that starts the early requests (on the signed-in frame's pages only).
    expect(scriptsOf(companies.body)).toEqual([
      '/static/js/head.5566ccdd00.js',
      '/static/js/index.45ed169ddb.js',
      '/static/js/async/signed-in.77aa00bb11.js',
      '/static/js/async/skeleton.99aa88bb77.js',
      '/remotes/companies/remoteEntry.js',
      '/remotes/companies/static/js/async/page.0123abcd99.js',
      '/static/js/async/table.1234abcd56.js',
    ]);
    // The dashboard is the frame alone; a public page has no frame.
    expect(scriptsOf(home.body)).toEqual([
      '/static/js/head.5566ccdd00.js',
      '/static/js/index.45ed169ddb.js',
      '/static/js/async/signed-in.77aa00bb11.js',
      '/static/js/async/skeleton.99aa88bb77.js',
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/some/unknown/route', headers: html });
    expect(scriptsOf(unknown.body)).toEqual(['/static/js/head.5566ccdd00.js', '/static/js/index.45ed169ddb.js']);
    // A remote that is not built is simply not announced.
    const admin = await t.app.inject({ method: 'GET', url: '/admin', headers: html });
    expect(admin.body).not.toContain('/remotes/admin/');
  });

  it('lists the first screen’s early requests: a list’s first page for the URL’s search, none outside the frame', async () => {
    const earlyOf = async (url: string) =>
      (configOf((await t.app.inject({ method: 'GET', url, headers: html })).body) as { early?: unknown }).early;
    expect(await earlyOf('/companies')).toEqual({ get: ['/api/v1/companies/?skip=0&limit=5'] });
    // As the page reads its URL: page 3 skips 10, a search is trimmed, the default order and empty or
    // undeclared parameters stay out.
    expect(await earlyOf('/companies?page=3&search=%20acme%20ltda%20&is_active=&sort=newest&type=matriz')).toEqual({
      get: ['/api/v1/companies/?skip=10&limit=5&search=acme+ltda'],
    });
    expect(await earlyOf('/companies?page=0&sort=cnpj')).toEqual({
      get: ['/api/v1/companies/?skip=0&limit=5&sort=cnpj'],
    });
    // A signed-in visitor gets the framed not-found there: only the current user.
    expect(await earlyOf('/some/unknown/route')).toEqual({ get: [] });
  });

  it('asks for a super user’s screen’s list only once the user is known to be one', () => {
    const users = screenOf('/admin', 'superuser', {
      list: '/users/',
      pageSize: 10,
      params: [],
      defaults: {},
      values: {},
    });
    expect(earlyRequests('/admin?page=2', users)).toEqual({ get: [], superuser: ['/api/v1/users/?skip=10&limit=10'] });
  });

  it('asks for a cursor-paged list’s newest page with the URL’s filters, and nothing with a period only the page reads', () => {
    const activity = screenOf('/admin/activity', 'superuser', {
      list: '/audit-events',
      params: ['actor_id', 'entity_type'],
      pageOnly: ['from', 'to'],
      defaults: {},
      values: {},
    });
    expect(earlyRequests('/admin/activity', activity)).toEqual({ get: [], superuser: ['/api/v1/audit-events'] });
    expect(earlyRequests('/admin/activity?entity_type=user&page=2', activity)).toEqual({
      get: [],
      superuser: ['/api/v1/audit-events?entity_type=user'],
    });
    expect(earlyRequests('/admin/activity?entity_type=user&from=2026-11-20', activity)).toEqual({ get: [] });
  });

  it('asks for a record screen’s declared requests with the URL’s parameters, none for a dot segment', () => {
    const company = screenOf('/companies/:id', 'signed-in', { get: ['/companies/:id', '/companies/:id/history'] });
    expect(earlyRequests('/companies/0b1c?x=1', company)).toEqual({
      get: ['/api/v1/companies/0b1c', '/api/v1/companies/0b1c/history'],
    });
    expect(earlyRequests('/companies/%2E%2E', company)).toEqual({ get: [] });
    const history = screenOf('/admin/users/:id', 'superuser', { get: ['/users/:id'] });
    expect(earlyRequests('/admin/users/7', history)).toEqual({ get: [], superuser: ['/api/v1/users/7'] });
  });

  it('caches hashed assets for a year and revalidates entry points', async () => {
    const asset = await t.get('/static/js/index.45ed169ddb.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/remotes.json',
      '/remotes/companies/remoteEntry.js',
      '/remotes/companies/mf-manifest.json',
      '/remotes/companies/remote.json',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The browser asks for the icon at every navigation: it may keep it for a day.
    expect((await t.get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
    const chunk = await t.get('/remotes/companies/static/js/async/page.0123abcd99.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Other origins may load the built files (the companies embed); the API stays same-origin.
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.get('/api/v1/utils/health-check/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps API and missing files as JSON 404s, never the shell page', async () => {
    for (const url of [
      '/api/v1/nowhere',
      '/remotes/admin/remoteEntry.js',
      '/remotes/companies/',
      '/remotes/companies/static/missing.js',
      '/remotes/companies/../shell/dist/index.html',
      '/static/js/missing.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    }
  });
});

describe('path traversal', () => {
  it('serves no file outside the builds, however the path is spelled', async () => {
    // A secret next to the builds: the web root's parent and the repository hold the data and the key.
    fs.writeFileSync(path.join(webRoot, 'secret_key'), 'never-served');
    for (const url of [
      '/../secret_key',
      '/static/../../secret_key',
      '/%2e%2e/secret_key',
      '/static/%2e%2e/%2e%2e/secret_key',
      '/static/..%2f..%2fsecret_key',
      '/remotes/companies/..%2f..%2f..%2fsecret_key',
      '/remotes/companies/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret_key',
      '/remotes/companies/....//....//secret_key',
      '/static/%252e%252e/%252e%252e/secret_key',
      '/static/..\\..\\secret_key',
    ]) {
      for (const accept of [html, {}]) {
        const res = await t.app.inject({ method: 'GET', url, headers: accept });
        expect(res.body, url).not.toContain('never-served');
        expect([200, 400, 403, 404], url).toContain(res.statusCode);
      }
    }
  });
});

describe('compression', () => {
  const vendor = '/static/js/vendor.0011aabb22.js';

  it('sends the precompressed copy a client accepts, with its caching and Vary', async () => {
    const br = await t.app.inject({ method: 'GET', url: vendor, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await t.app.inject({ method: 'GET', url: vendor, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: vendor, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The compressed file's name ends in .br, the caching is still that of a hashed file.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v1/utils/health-check/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBe(true);
  });

  it('refuses compressed request bodies instead of inflating them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ token: 'x', new_password: 'long-enough-1' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('detail');
  });
});
