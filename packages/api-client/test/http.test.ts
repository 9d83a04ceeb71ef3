import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, isTunnelHost, readRuntimeConfig, resetApiConfig } from '../src/config.js';
import { configureApiClient } from '../src/configure.js';
import { ApiError, NetworkError, statusName } from '../src/errors.js';
import { request } from '../src/http.js';
import { queryClient } from '../src/query-client.js';
import { getToken, setToken } from '../src/token.js';
import { updatePasswordMe } from '../src/users.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  resetApiConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__BACKOFFICE_CONFIG__;
});

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('runtime config', () => {
  it('defaults the base URL to the page origin', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await request('/users/me');
    expect(lastCall().url).toBe(`${window.location.origin}/api/v1/users/me`);
  });

  it('takes the base URL from window.__BACKOFFICE_CONFIG__ or configureApi', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    window.__BACKOFFICE_CONFIG__ = { apiBaseUrl: 'https://api.example.com/' };
    await request('/users/');
    expect(lastCall().url).toBe('https://api.example.com/api/v1/users/');
    configureApi({ baseUrl: 'http://127.0.0.1:9000' });
    await request('/users/');
    expect(lastCall().url).toBe('http://127.0.0.1:9000/api/v1/users/');
  });

  it('reads settings from a JSON block in the page, overridden by the window object', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'backoffice-config';
    block.textContent = JSON.stringify({ apiBaseUrl: 'https://from-page.example.com', clearSessionOnLocalhost: false });
    document.head.append(block);
    try {
      expect(readRuntimeConfig()).toEqual({
        apiBaseUrl: 'https://from-page.example.com',
        clearSessionOnLocalhost: false,
      });
      window.__BACKOFFICE_CONFIG__ = { apiBaseUrl: 'https://from-window.example.com' };
      expect(readRuntimeConfig()).toMatchObject({
        apiBaseUrl: 'https://from-window.example.com',
        clearSessionOnLocalhost: false,
      });
      block.textContent = 'not json';
      delete window.__BACKOFFICE_CONFIG__;
      expect(readRuntimeConfig()).toEqual({});
    } finally {
      block.remove();
    }
  });

  it('recognises ngrok tunnel hosts only', () => {
    expect(isTunnelHost('https://abc123.ngrok-free.app')).toBe(true);
    expect(isTunnelHost('https://abc.ngrok.io/base')).toBe(true);
    expect(isTunnelHost('https://ngrok.example.com')).toBe(false);
    expect(isTunnelHost('http://localhost:8000')).toBe(false);
    expect(isTunnelHost('not a url')).toBe(false);
  });
});

describe('request', () => {
  it('sends the bearer token from local storage', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await request('/users/me');
    expect(lastCall().headers.has('Authorization')).toBe(false);
    setToken('abc');
    await request('/users/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer abc');
    expect(localStorage.getItem('access_token')).toBe('abc');
  });

  it('takes the token from a configured source when one is given (embedding hosts)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    setToken('from-storage');
    configureApiClient({ tokenSource: () => 'from-host' });
    await request('/users/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer from-host');
    configureApiClient();
    await request('/users/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer from-storage');
  });

  it('adds the tunnel header only for ngrok base URLs', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    configureApi({ baseUrl: 'https://demo.ngrok-free.app' });
    await request('/users/me');
    expect(lastCall().headers.get('ngrok-skip-browser-warning')).toBe('true');
    configureApi({ baseUrl: 'https://api.example.com' });
    await request('/users/me');
    expect(lastCall().headers.has('ngrok-skip-browser-warning')).toBe(false);
  });

  it('builds the query string without empty values', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await request('/companies/', { query: { skip: 0, limit: 5, search: '', type: undefined, is_active: false } });
    expect(lastCall().url).toBe(`${window.location.origin}/api/v1/companies/?skip=0&limit=5&is_active=false`);
  });

  it('sends form-encoded and JSON bodies', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await request('/login/access-token', { method: 'POST', form: { username: 'a@b.co', password: 'p w' } });
    expect(lastCall().headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(lastCall().init.body).toBe('username=a%40b.co&password=p+w');
    await request('/users/', { method: 'POST', json: { email: 'a@b.co' } });
    expect(lastCall().headers.get('Content-Type')).toBe('application/json');
    expect(lastCall().init.body).toBe('{"email":"a@b.co"}');
  });

  it('turns a string detail into an ApiError with the status name', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { detail: 'Incorrect email or password' }));
    const error = await request('/login/access-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, statusText: 'Bad Request', message: 'Incorrect email or password' });
  });

  it('reads the first msg of a 422 list', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        detail: [
          { loc: ['body', 'email'], msg: 'Endereço de email inválido', type: 'value_error' },
          { loc: ['body', 'password'], msg: 'second', type: 'value_error' },
        ],
      }),
    );
    const error = await request('/users/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, statusText: 'Validation Error', message: 'Endereço de email inválido' });
  });

  it('falls back to the status name without a detail', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>oops</html>', { status: 502 }));
    const error = await request('/users/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', detail: undefined });
    expect(statusName(404)).toBe('Not Found');
    expect(statusName(418)).toBe('Client Error');
  });

  it('reports a request that got no answer as a NetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/users/me')).rejects.toBeInstanceOf(NetworkError);
  });

  it('logs out on a 401 when a token was sent', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate });
    setToken('expired');
    queryClient.setQueryData(['companies'], { data: [] });
    fetchMock.mockImplementation(async () => jsonResponse(401, { detail: 'Could not validate credentials' }));
    await expect(request('/users/me')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(['companies'])).toBeUndefined();
  });

  it('tells a configured handler which token was refused instead of ending the session, until configured again', async () => {
    const navigate = vi.fn();
    const refused = vi.fn();
    configureApiClient({ navigate, tokenSource: () => 'host-token', onUnauthorized: refused });
    fetchMock.mockImplementation(async () => jsonResponse(401, { detail: 'Could not validate credentials' }));
    await expect(request('/companies/')).rejects.toMatchObject({ status: 401 });
    expect(refused).toHaveBeenCalledWith('host-token');
    expect(navigate).not.toHaveBeenCalled();

    // What is left out goes back to its default: local storage, and a 401 ends the session.
    configureApiClient({ navigate });
    setToken('expired');
    await expect(request('/users/me')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('does not navigate on a 401 without a token', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate });
    fetchMock.mockImplementation(async () => jsonResponse(401, { detail: 'Not authenticated' }));
    await expect(request('/users/me')).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('own password change', () => {
  it('keeps the session on the fresh token the server hands back', async () => {
    setToken('old-token');
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { message: 'Password updated successfully', access_token: 'new-token', token_type: 'bearer' }),
    );
    await updatePasswordMe({ current_password: 'a', new_password: 'b'.repeat(8), confirm_password: 'b'.repeat(8) });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer old-token');
    expect(getToken()).toBe('new-token');
  });

  it('keeps the old token when the change is refused', async () => {
    setToken('old-token');
    fetchMock.mockImplementation(async () => jsonResponse(400, { detail: 'Incorrect password' }));
    await expect(
      updatePasswordMe({ current_password: 'a', new_password: 'b'.repeat(8), confirm_password: 'b'.repeat(8) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('old-token');
  });
});
