import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_CONTRACT_VERSION } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteRelease, RemoteSource } from '../src/services/page-registry.js';
import { WorkspaceRemotes } from '../src/services/workspace-remotes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { declaration } from './support/remote-builds.js';

/**
 * The registry of remotes and screens that pages get (services/page-registry.ts): composed from each
 * remote build's remote.json, never from a list in the server, with developers' overrides.
 */

const html = { accept: 'text/html' };

function write(root: string, file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A web root with a shell and the given remotes (name → remote.json), each with an entry and a page chunk. */
function webRootWith(remotes: Record<string, unknown>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-registry-'));
  write(
    root,
    'shell/dist/index.html',
    '<!doctype html><html><head><script defer src="/static/js/index.1234abcd99.js"></script></head><body></body></html>',
  );
  write(
    root,
    'shell/dist/first-screen.json',
    JSON.stringify({ 'signed-in': { js: ['static/js/async/signed-in.aa11bb22cc.js'] } }),
  );
  for (const [name, remoteJson] of Object.entries(remotes)) addRemote(root, name, remoteJson);
  return root;
}

function addRemote(root: string, name: string, remoteJson: unknown) {
  const dist = `remote-${name}/dist`;
  write(root, `${dist}/remote.json`, typeof remoteJson === 'string' ? remoteJson : JSON.stringify(remoteJson));
  write(root, `${dist}/remoteEntry.js`, `var ${name}`);
  write(
    root,
    `${dist}/mf-manifest.json`,
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  const expose = (remoteJson as { exposes?: string[] }).exposes?.[0];
  if (expose) {
    write(
      root,
      `${dist}/first-screen.json`,
      JSON.stringify({ [`__federation_expose_${expose}`]: { js: [`static/js/async/${name}-page.0011223344.js`] } }),
    );
  }
}

interface Registry {
  remotes: Record<string, { name: string; version: string; entry: string }>;
  screens: { remote: string; path: string; menu?: { label: string } }[];
  overrides: { name: string; url: string }[];
  refused: string[];
}

function registryOf(body: string): Registry {
  const json = /<script type="application\/json" id="backoffice-config">(.*?)<\/script>/.exec(body)?.[1];
  return (JSON.parse(json ?? '{}') as { registry: Registry }).registry;
}

const scriptsOf = (body: string) => [...body.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((m) => m[1]);

describe('the registry, from the builds’ remote.json', () => {
  let t: TestApp;
  let root: string;
  const warnings: unknown[] = [];
  beforeAll(async () => {
    root = webRootWith({
      companies: declaration('companies', '/companies', 'CompaniesPage'),
      broken: '{ not json',
      greedy: declaration('greedy', '/companies', 'GreedyPage'),
      future: declaration('future', '/future', 'FuturePage', { contract: '2.0.0' }),
    });
    t = await createTestApp({
      env: { WEB_ROOT: root },
      remoteSource: new WorkspaceRemotes(root),
      logger: { level: 'warn', stream: { write: (line: string) => warnings.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists the valid remotes and their screens; a broken, incompatible or path-taking one is left out and logged once', async () => {
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/', headers: html });
    const registry = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json<Registry>();
    expect(Object.keys(registry.remotes).sort()).toEqual(['remote_companies', 'remote_greedy']);
    expect(registry.screens.map((s) => `${s.remote} ${s.path}`)).toEqual(['companies /companies']);
    const problems = warnings.map((w) => (w as { problem?: string }).problem).filter(Boolean);
    expect(problems.sort()).toEqual([
      expect.stringMatching(/^broken@unknown: invalid remote.json/),
      `future@1.0.0: built against contract 2.0.0, the shell speaks ${REMOTE_CONTRACT_VERSION}`,
      'greedy: /companies belongs to another remote already',
    ]);
  });

  it('picks up a remote built after the start: its screen, menu entry, files and first screen, no restart', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/greetings', headers: html });
    expect(registryOf(before.body).screens.map((s) => s.path)).not.toContain('/greetings');
    addRemote(root, 'greetings', declaration('greetings', '/greetings', 'GreetingsPage'));
    const page = await t.app.inject({ method: 'GET', url: '/greetings', headers: html });
    const registry = registryOf(page.body);
    expect(registry.remotes.remote_greetings?.entry).toBe('/remotes/greetings/remoteEntry.js');
    expect(registry.screens.find((s) => s.path === '/greetings')?.menu?.label).toBe('greetings');
    expect(scriptsOf(page.body)).toEqual([
      '/static/js/index.1234abcd99.js',
      '/static/js/async/signed-in.aa11bb22cc.js',
      '/remotes/greetings/remoteEntry.js',
      '/remotes/greetings/static/js/async/greetings-page.0011223344.js',
    ]);
    expect((await t.get('/remotes/greetings/remoteEntry.js')).body).toBe('var greetings');
  });

  it('refuses every override when DEV_REMOTE_ORIGINS is empty, and says why', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/companies?remote-override=companies@http://localhost:3002/mf-manifest.json',
      headers: html,
    });
    const registry = registryOf(page.body);
    expect(registry.overrides).toEqual([]);
    expect(registry.refused).toEqual([
      'remote-override companies: this server allows no remote overrides (DEV_REMOTE_ORIGINS is empty)',
    ]);
    expect(registry.remotes.remote_companies?.entry).toBe('/remotes/companies/remoteEntry.js');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).not.toContain('localhost:3002');
  });

  it("writes what a link asks for into the page as text: $' $` $& in it copy no part of the page", async () => {
    // String.replace reads these in a replacement string: `$'` is the page after </head>, `$&` </head> itself.
    const asked = ["x$'", 'y$`', 'z$&'];
    const page = await t.app.inject({
      method: 'GET',
      url: `/?${asked.map((name) => `remote-override=${encodeURIComponent(`${name}@http://a.example/remoteEntry.js`)}`).join('&')}`,
      headers: html,
    });
    expect(page.body.match(/<body>/g)).toHaveLength(1);
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
    expect(registryOf(page.body).refused).toEqual(
      asked.map((name) => `remote-override ${name}: "${name}" is not a remote name`),
    );
  });
});

describe('developers’ overrides (DEV_REMOTE_ORIGINS)', () => {
  let t: TestApp;
  let root: string;
  const dev = 'http://localhost:3002';
  beforeAll(async () => {
    root = webRootWith({ companies: declaration('companies', '/companies', 'CompaniesPage') });
    t = await createTestApp({
      env: { WEB_ROOT: root, DEV_REMOTE_ORIGINS: `${dev}, https://dev.example.com/` },
      remoteSource: new WorkspaceRemotes(root),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const open = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...html, ...(cookie ? { cookie } : {}) } });
  const cookieOf = (res: Awaited<ReturnType<typeof open>>) =>
    String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

  it('lets the page load the remote from an allowed dev server, kept in a session cookie, CSP allowing it', async () => {
    const first = await open(`/companies?remote-override=companies@${dev}/mf-manifest.json`);
    const registry = registryOf(first.body);
    expect(registry.overrides).toEqual([{ name: 'companies', url: `${dev}/mf-manifest.json` }]);
    expect(registry.remotes.remote_companies).toEqual({
      name: 'companies',
      version: 'dev',
      entry: `${dev}/mf-manifest.json`,
    });
    // The released files of an overridden remote are not named: the page would run two versions.
    expect(scriptsOf(first.body).filter((src) => src?.startsWith('/remotes/'))).toEqual([]);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^bo_remote_overrides=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    // The page's CSP lists the dev server it loads from, and no other allowed one.
    const directive = (res: Awaited<ReturnType<typeof open>>, name: string) =>
      new RegExp(`(?:^|;)${name} ([^;]*)`).exec(String(res.headers['content-security-policy']))?.[1];
    expect(directive(first, 'script-src')).toBe(`'self' ${dev}`);
    expect(directive(first, 'connect-src')).toBe(`'self' ${dev} ws://localhost:3002`);
    expect(directive(first, 'style-src')).toBe(`'self' 'unsafe-inline' ${dev}`);
    expect(String(first.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    // A page without an override, and every other answer, allows no dev server: a script there could
    // otherwise run in every visitor's page.
    for (const res of [await open('/companies'), await t.get('/api/v1/users/me'), await t.get('/remotes.json')]) {
      expect(directive(res, 'script-src')).toBe("'self'");
      expect(directive(res, 'connect-src')).toBe("'self'");
    }

    // Later loads carry the cookie: the override holds without the parameter, and nothing is set again.
    const later = await open('/settings', cookieOf(first));
    expect(registryOf(later.body).overrides).toEqual([{ name: 'companies', url: `${dev}/mf-manifest.json` }]);
    expect(later.headers['set-cookie']).toBeUndefined();
    const json = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: cookieOf(first) } });
    expect(json.json<Registry>().overrides).toHaveLength(1);

    // Off: the cookie is expired and the released build is back.
    const off = await open('/companies?remote-override=off', cookieOf(first));
    expect(registryOf(off.body).overrides).toEqual([]);
    expect(String(off.headers['set-cookie'])).toMatch(/^bo_remote_overrides=; Max-Age=0;/);
    expect(scriptsOf(off.body)).toContain('/remotes/companies/remoteEntry.js');
  });

  it('adds a remote the product does not have yet, and ends one override without the others', async () => {
    const both = await open(
      `/?remote-override=greetings@${dev}/remote.json&remote-override=companies@https://dev.example.com/remoteEntry.js`,
    );
    expect(registryOf(both.body).overrides.map((o) => o.name)).toEqual(['greetings', 'companies']);
    expect(String(both.headers['content-security-policy'])).toContain(
      `script-src 'self' ${dev} https://dev.example.com;`,
    );
    expect(registryOf(both.body).remotes.remote_greetings?.entry).toBe(`${dev}/remote.json`);
    const one = await open('/?remote-override=greetings@off', cookieOf(both));
    expect(registryOf(one.body).overrides).toEqual([
      { name: 'companies', url: 'https://dev.example.com/remoteEntry.js' },
    ]);
  });

  it('refuses other origins, other schemes and URLs that name no entry, manifest or remote.json', async () => {
    const asked = [
      'companies@http://localhost:4444/mf-manifest.json',
      'companies@javascript:alert(1)',
      `companies@${dev}/`,
      `Bad_Name@${dev}/remoteEntry.js`,
    ];
    const page = await open(`/?${asked.map((a) => `remote-override=${encodeURIComponent(a)}`).join('&')}`);
    const registry = registryOf(page.body);
    expect(registry.overrides).toEqual([]);
    expect(registry.refused).toEqual([
      'remote-override companies: http://localhost:4444 is not in DEV_REMOTE_ORIGINS',
      'remote-override companies: javascript:alert(1) is not http(s)',
      `remote-override companies: ${dev}/ names no remoteEntry.js, mf-manifest.json or remote.json`,
      'remote-override Bad_Name: "Bad_Name" is not a remote name',
    ]);
  });

  it('drops a stored override whose origin is no longer allowed (a forged or old cookie)', async () => {
    const forged = `bo_remote_overrides=${encodeURIComponent(JSON.stringify([{ name: 'companies', url: 'https://evil.example/remoteEntry.js' }]))}`;
    const page = await open('/companies', forged);
    expect(registryOf(page.body).overrides).toEqual([]);
    expect(registryOf(page.body).refused).toEqual([
      'remote-override companies: https://evil.example is not in DEV_REMOTE_ORIGINS',
    ]);
    expect(String(page.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(registryOf(page.body).remotes.remote_companies?.entry).toBe('/remotes/companies/remoteEntry.js');
    expect(scriptsOf(page.body).filter((src) => src?.includes('evil'))).toEqual([]);
  });
});

describe('another source of releases (a release store)', () => {
  it('is asked per visitor, and its versioned URLs are what the page names', async () => {
    const root = webRootWith({});
    const asked: (string | undefined)[] = [];
    const release = (version: string): RemoteRelease => ({
      name: 'companies',
      version,
      baseUrl: `/remotes/companies/${version}/`,
      declaration: declaration('companies', '/companies', 'CompaniesPage', { version }),
      readFile: async (file) =>
        file === 'mf-manifest.json'
          ? JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })
          : file === 'first-screen.json'
            ? JSON.stringify({ __federation_expose_CompaniesPage: { js: ['static/js/page.0123456789.js'] } })
            : undefined,
    });
    // A canary: the visitor whose cookie says so gets the new build.
    const source: RemoteSource = {
      async list({ request }) {
        asked.push(request?.url);
        return [release(request?.headers.cookie?.includes('canary=1') ? '1.1.0' : '1.0.0')];
      },
    };
    const t = await createTestApp({ env: { WEB_ROOT: root }, remoteSource: source });
    const { app } = t;
    try {
      const everyone = await app.inject({ method: 'GET', url: '/companies', headers: html });
      expect(registryOf(everyone.body).remotes.remote_companies?.entry).toBe('/remotes/companies/1.0.0/remoteEntry.js');
      const canary = await app.inject({ method: 'GET', url: '/companies', headers: { ...html, cookie: 'canary=1' } });
      expect(scriptsOf(canary.body)).toContain('/remotes/companies/1.1.0/static/js/page.0123456789.js');
      expect(asked).toEqual(['/companies', '/companies']);
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
