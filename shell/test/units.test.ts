import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRemotesMap, resolveRemoteEntry } from '../src/federation/remotes-json';
import { cacheBustedUrl } from '../src/federation/runtime';
import { protectedLoader, publicOnlyLoader } from '../src/routes/guards';
import { clearSessionOnLocalhost } from '../src/session-start';

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
  it('reads remotes.json and resolves relative URLs against the page', async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ remote_auth: '/remotes/auth/mf-manifest.json' }), { status: 200 }),
    );
    const map = await readRemotesMap(fetchImpl as unknown as typeof fetch);
    expect(map).toEqual({ remote_auth: `${window.location.origin}/remotes/auth/mf-manifest.json` });
    const [url] = fetchImpl.mock.calls[0] as unknown as [URL];
    expect(String(url)).toBe(`${window.location.origin}/remotes.json`);
  });

  it('prefers the registry written into the page', async () => {
    window.__BACKOFFICE_CONFIG__ = { remotes: { remote_admin: 'https://cdn.example.com/admin/mf-manifest.json' } };
    const fetchImpl = vi.fn();
    expect(await readRemotesMap(fetchImpl as unknown as typeof fetch)).toEqual({
      remote_admin: 'https://cdn.example.com/admin/mf-manifest.json',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('rejects a registry that is not a map of URLs', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ remote_auth: 42 }), { status: 200 }));
    await expect(readRemotesMap(fetchImpl as unknown as typeof fetch)).rejects.toThrow(/not a map/);
    const missing = vi.fn(async () => new Response('nope', { status: 404 }));
    await expect(readRemotesMap(missing as unknown as typeof fetch)).rejects.toThrow(/404/);
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
