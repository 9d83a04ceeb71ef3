import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRegistry } from '../src/federation/registry';
import { resolveRemoteEntry } from '../src/federation/remote-entry';
import { cacheBustedUrl } from '../src/federation/runtime';
import { protectedLoader, publicOnlyLoader } from '../src/routes/guards';
import { clearSessionOnLocalhost } from '../src/session-start';
import { COMPANIES_SCREEN } from './product-registry';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.__BACKOFFICE_CONFIG__;
});

describe('session start on localhost', () => {
  it('clears the token and session storage on localhost', () => {
    localStorage.setItem('access_token', 't');
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('x', '1');
    expect(clearSessionOnLocalhost('localhost', {})).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the session on other hosts and when the runtime setting turns it off', () => {
    localStorage.setItem('access_token', 't');
    expect(clearSessionOnLocalhost('127.0.0.1', {})).toBe(false);
    expect(clearSessionOnLocalhost('localhost', { clearSessionOnLocalhost: false })).toBe(false);
    expect(localStorage.getItem('access_token')).toBe('t');
  });
});

describe('route guards', () => {
  it('sends a stored token away from public routes and a missing one to /login', () => {
    expect(publicOnlyLoader()).toBeNull();
    const toLogin = protectedLoader() as Response;
    expect(toLogin.status).toBe(302);
    expect(toLogin.headers.get('Location')).toBe('/login');
    localStorage.setItem('access_token', 't');
    expect(protectedLoader()).toBeNull();
    expect((publicOnlyLoader() as Response).headers.get('Location')).toBe('/');
  });
});

describe('remote registry', () => {
  const companies = COMPANIES_SCREEN;
  const registry = {
    contract: '1.0.0',
    remotes: { remote_companies: { name: 'companies', version: '1.0.0', entry: '/remotes/companies/remoteEntry.js' } },
    screens: [companies],
  };
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetchOf = (impl: (url: string) => Response) => vi.fn(async (url: URL | string) => impl(String(url)));

  it('reads /remotes.json, resolves the entries against the page and keeps the valid screens only', async () => {
    const broken = { ...companies, remote: 'admin', path: '/api/admin' };
    const orphan = { ...companies, remote: 'nobody', path: '/nobody' };
    const fetchImpl = fetchOf(() => answer({ ...registry, screens: [companies, broken, orphan] }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const read = await readRegistry(fetchImpl as unknown as typeof fetch);
    expect(read).toEqual({
      entries: { remote_companies: `${window.location.origin}/remotes/companies/remoteEntry.js` },
      screens: [companies],
      overrides: [],
    });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe(`${window.location.origin}/remotes.json`);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('prefers the registry written into the page', async () => {
    window.__BACKOFFICE_CONFIG__ = { registry };
    const fetchImpl = vi.fn();
    expect((await readRegistry(fetchImpl as unknown as typeof fetch)).screens).toEqual([companies]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('rejects a registry that is not one, or that cannot be read', async () => {
    await expect(readRegistry(fetchOf(() => answer({ remote_auth: 42 })) as unknown as typeof fetch)).rejects.toThrow(
      /registry is invalid/,
    );
    await expect(readRegistry(fetchOf(() => answer('nope', 404)) as unknown as typeof fetch)).rejects.toThrow(/404/);
  });

  it('takes an overridden remote’s screens from the developer’s server, and keeps the released ones if it cannot', async () => {
    const dev = 'http://localhost:3002';
    window.__BACKOFFICE_CONFIG__ = {
      registry: { ...registry, overrides: [{ name: 'companies', url: `${dev}/remote.json` }], refused: ['other: no'] },
    };
    const devScreen = { path: '/companies/:id', expose: 'CompanyPage', title: 'Empresa', access: 'signed-in' };
    const declaration = {
      name: 'companies',
      version: '1.1.0',
      contract: '1.0.0',
      screens: [{ ...devScreen }],
      exposes: ['CompanyPage'],
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const served = await readRegistry(fetchOf(() => answer(declaration)) as unknown as typeof fetch);
    expect(served.entries.remote_companies).toBe(`${dev}/mf-manifest.json`);
    expect(served.screens).toEqual([{ ...devScreen, remote: 'companies' }]);
    expect(served.overrides).toEqual([{ name: 'companies', url: `${dev}/remote.json` }]);
    expect(warn).toHaveBeenCalledWith('[registry] other: no');
    const down = await readRegistry(
      fetchOf(() => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    );
    expect(down.screens).toEqual([companies]);
    expect(down.entries.remote_companies).toBe(`${dev}/mf-manifest.json`);
  });

  it('resolves a manifest to its remote entry, and takes an entry URL as it is', async () => {
    const manifest = { metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: 'js/' } } };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(manifest), { status: 200 }));
    await expect(
      resolveRemoteEntry('https://cdn.example.com/admin/mf-manifest.json', fetchImpl as unknown as typeof fetch),
    ).resolves.toBe('https://cdn.example.com/admin/js/remoteEntry.js');
    const absolute = { metaData: { publicPath: 'https://static.example.com/a/', remoteEntry: { name: 'e.js' } } };
    const fetchAbsolute = vi.fn(async () => new Response(JSON.stringify(absolute), { status: 200 }));
    await expect(
      resolveRemoteEntry(
        'https://cdn.example.com/a/mf-manifest.json?retry=1',
        fetchAbsolute as unknown as typeof fetch,
      ),
    ).resolves.toBe('https://static.example.com/a/e.js');
    const untouched = vi.fn();
    await expect(
      resolveRemoteEntry('https://cdn.example.com/auth/remoteEntry.js', untouched as unknown as typeof fetch),
    ).resolves.toBe('https://cdn.example.com/auth/remoteEntry.js');
    expect(untouched).not.toHaveBeenCalled();
    const down = vi.fn(async () => new Response('', { status: 503 }));
    await expect(resolveRemoteEntry('https://x/mf-manifest.json', down as unknown as typeof fetch)).rejects.toThrow(
      /503/,
    );
  });

  it('busts caches on retry URLs', () => {
    expect(cacheBustedUrl('/remotes/auth/mf-manifest.json', 5)).toBe('/remotes/auth/mf-manifest.json?retry=5');
    expect(cacheBustedUrl('/r/mf-manifest.json?v=1', 5)).toBe('/r/mf-manifest.json?v=1&retry=5');
  });
});
