import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HEAD_SCRIPT from '../head/early-data.js?raw';
import { resetApiConfig } from '../src/config.js';
import { configureApiClient } from '../src/configure.js';
import { EARLY_ANSWERS_MAX_AGE_MS, EARLY_DATA_KEY, type EarlyData } from '../src/early-data.js';
import { ApiError } from '../src/errors.js';
import { request } from '../src/http.js';
import { forgetSession } from '../src/session.js';
import { setToken } from '../src/token.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
const absolute = (path: string) => new URL(path, window.location.href).href;

/** What the head script would leave: `answers` by path. */
function leaveEarly(token: string, answers: Record<string, Promise<Response | null | false>>): EarlyData {
  const early: EarlyData = {
    token,
    answers: Object.fromEntries(Object.entries(answers).map(([path, answer]) => [absolute(path), answer])),
  };
  window[EARLY_DATA_KEY] = early;
  return early;
}

/** The page as the server writes it, then the head script run as the browser runs it. */
function runHeadScript(config: unknown) {
  document.getElementById('backoffice-config')?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'backoffice-config';
  block.textContent = JSON.stringify(config);
  document.head.append(block);
  new Function(HEAD_SCRIPT)();
}

const askedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(200, { from: 'app' }));
  localStorage.clear();
  resetApiConfig();
  configureApiClient({ navigate: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window[EARLY_DATA_KEY];
  delete window.__BACKOFFICE_CONFIG__;
  document.getElementById('backoffice-config')?.remove();
});

describe('taking over an early answer', () => {
  it('answers the same GET with the same token from the early answer, once', async () => {
    setToken('token-a');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })) });
    await expect(request('/users/me')).resolves.toEqual({ from: 'head' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Used once: asking again is a new request.
    await expect(request('/users/me')).resolves.toEqual({ from: 'app' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('matches the whole URL, query included', async () => {
    setToken('token-a');
    leaveEarly('token-a', {
      '/api/v1/companies/?skip=0&limit=5': Promise.resolve(jsonResponse(200, { from: 'head' })),
    });
    await expect(request('/companies/', { query: { skip: 5, limit: 5 } })).resolves.toEqual({ from: 'app' });
    await expect(request('/companies/', { query: { skip: 0, limit: 5 } })).resolves.toEqual({ from: 'head' });
  });

  it('never uses an answer asked with another token (a sign-out, another account)', async () => {
    setToken('token-b');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })) });
    await expect(request('/users/me')).resolves.toEqual({ from: 'app' });
  });

  it('is forgotten when the session ends', async () => {
    setToken('token-a');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })) });
    await forgetSession();
    setToken('token-a');
    await expect(request('/users/me')).resolves.toEqual({ from: 'app' });
  });

  it('is taken however late the app’s code arrived: the answers age from the app’s first request', async () => {
    setToken('token-a');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })) });
    // A slow device: the app asks for the first time long after the page started.
    vi.spyOn(performance, 'now').mockReturnValue(6 * EARLY_ANSWERS_MAX_AGE_MS);
    try {
      await expect(request('/users/me')).resolves.toEqual({ from: 'head' });
    } finally {
      vi.restoreAllMocks();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used once the app has asked for longer than a first screen takes: the screen asks afresh', async () => {
    setToken('token-a');
    leaveEarly('token-a', {
      '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })),
      '/api/v1/companies/?skip=0&limit=1': Promise.resolve(jsonResponse(200, { from: 'head' })),
    });
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      await expect(request('/users/me')).resolves.toEqual({ from: 'head' });
      now.mockReturnValue(1_000 + EARLY_ANSWERS_MAX_AGE_MS + 1);
      await expect(request('/companies/?skip=0&limit=1')).resolves.toEqual({ from: 'app' });
    } finally {
      vi.restoreAllMocks();
    }
    expect(window[EARLY_DATA_KEY]).toBeUndefined();
  });

  it('ends the session on an early 401, as on its own', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    setToken('token-a');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(401, { detail: 'Not authenticated' })) });
    await expect(request('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith('token-a');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks itself when the head script did not get an answer', async () => {
    setToken('token-a');
    leaveEarly('token-a', {
      '/api/v1/users/me': Promise.reject(new TypeError('Failed to fetch')),
      '/api/v1/users/?skip=0&limit=1': Promise.resolve(false),
    });
    await expect(request('/users/me')).resolves.toEqual({ from: 'app' });
    await expect(request('/users/', { query: { skip: 0, limit: 1 } })).resolves.toEqual({ from: 'app' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is for GETs only', async () => {
    setToken('token-a');
    leaveEarly('token-a', { '/api/v1/users/me': Promise.resolve(jsonResponse(200, { from: 'head' })) });
    await expect(request('/users/me', { method: 'PATCH', json: {} })).resolves.toEqual({ from: 'app' });
  });
});

describe('the head script', () => {
  const early = { get: ['/api/v1/companies/?skip=0&limit=5'], superuser: ['/api/v1/users/?skip=0&limit=1'] };

  it('asks for the current user and the listed requests with the stored token, for the app to take', async () => {
    setToken('token-a');
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(200, String(url).endsWith('/users/me') ? { is_superuser: false } : { from: 'head' }),
    );
    runHeadScript({ early, clearSessionOnLocalhost: false });
    expect(askedUrls()).toEqual([absolute('/api/v1/users/me'), absolute('/api/v1/companies/?skip=0&limit=5')]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer token-a');
    await expect(request('/users/me')).resolves.toEqual({ is_superuser: false });
    await expect(request('/companies/', { query: { skip: 0, limit: 5 } })).resolves.toEqual({ from: 'head' });
    // Not a super user: the users' request is not asked for, and the app asks itself if it ever does.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await request('/users/', { query: { skip: 0, limit: 1 } });
    expect(askedUrls()[2]).toBe(absolute('/api/v1/users/?skip=0&limit=1'));
  });

  it('asks for a super user’s requests once the user is one', async () => {
    setToken('token-a');
    fetchMock.mockImplementation(async () => jsonResponse(200, { is_superuser: true }));
    runHeadScript({ early, clearSessionOnLocalhost: false });
    await expect(request('/users/me')).resolves.toEqual({ is_superuser: true });
    await request('/users/', { query: { skip: 0, limit: 1 } });
    expect(askedUrls()).toContain(absolute('/api/v1/users/?skip=0&limit=1'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  /** A token of `sub` (the head script reads only its claims) and what the last visit kept of its owner. */
  const tokenOf = (sub: string) => `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.x`;
  const keep = (id: string, superuser: boolean) =>
    localStorage.setItem('user_greeting', JSON.stringify({ id, name: 'Ana', superuser }));

  it('asks for a super user’s requests with the user when the token’s owner was one at the last visit', () => {
    setToken(tokenOf('user-1'));
    keep('user-1', true);
    // The answer about the user never comes: the list does not wait for it.
    fetchMock.mockImplementation(() => new Promise(() => {}));
    runHeadScript({ early, clearSessionOnLocalhost: false });
    return vi.waitFor(() =>
      expect(askedUrls()).toEqual([
        absolute('/api/v1/users/me'),
        absolute('/api/v1/companies/?skip=0&limit=5'),
        absolute('/api/v1/users/?skip=0&limit=1'),
      ]),
    );
  });

  it('waits for the user when what was kept is another person’s, or says no super user', async () => {
    fetchMock.mockImplementation(() => new Promise(() => {}));
    for (const [owner, superuser] of [
      ['user-2', true],
      ['user-1', false],
    ] as const) {
      fetchMock.mockClear();
      setToken(tokenOf('user-1'));
      keep(owner, superuser);
      runHeadScript({ early, clearSessionOnLocalhost: false });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(askedUrls()).toEqual([absolute('/api/v1/users/me'), absolute('/api/v1/companies/?skip=0&limit=5')]);
    }
  });

  it('asks for nothing without a token, on a page without early requests, or where the session is cleared', () => {
    runHeadScript({ early, clearSessionOnLocalhost: false });
    setToken('token-a');
    runHeadScript({ clearSessionOnLocalhost: false });
    // jsdom's page is on localhost, where the shell clears the stored session at start (spec §4).
    runHeadScript({ early });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window[EARLY_DATA_KEY]).toBeUndefined();
  });
});
