import { type Call, fakeApi, listOf, makeCompany } from '@backoffice/ui/testing';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackofficeCompaniesElement, defineBackofficeCompanies, EMBED_TAG } from '../src/embed/element';
import { mount } from '../src/embed/mount';
import { fakeJwt } from './fake-jwt';

/** The API the embed talks to: an empty registry, or a refusal of the token. */
function stubApi(status = 200): Call[] {
  return fakeApi(() => (status === 200 ? { status, body: listOf([]) } : { status, body: { detail: 'x' } }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mount(element, options)', () => {
  it('renders into a shadow root, calls the given API with the host token, and leaves the host page alone', async () => {
    const calls = stubApi();
    const headBefore = document.head.innerHTML;
    const htmlClass = document.documentElement.className;
    const element = document.createElement('div');
    document.body.append(element);
    const unmount = mount(element, { apiBaseUrl: 'https://api.example.com/', getToken: () => 'host-token' });

    await waitFor(() => expect(element.shadowRoot?.querySelector('h1')?.textContent).toBe('Gestão de Empresas'));
    await waitFor(() => expect(calls).not.toHaveLength(0));
    expect(calls[0]?.url.toString()).toBe('https://api.example.com/api/v1/companies/?skip=0&limit=5');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer host-token');
    expect(element.shadowRoot?.querySelector('style')).not.toBeNull();
    expect(document.head.innerHTML).toBe(headBefore);
    expect(document.documentElement.className).toBe(htmlClass);
    expect(element.dataset.colorMode).toBe('dark');
    expect(window.location.pathname).toBe('/');

    unmount();
    expect(element.shadowRoot?.querySelector('h1')).toBeNull();
  });

  it('shows the locked state without a token and never calls the API', async () => {
    const calls = stubApi();
    const element = document.createElement('div');
    document.body.append(element);
    const onUnauthorized = vi.fn();
    const unmount = mount(element, {
      apiBaseUrl: 'https://api.example.com',
      getToken: () => null,
      colorMode: 'light',
      onUnauthorized,
    });
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('Sessão ausente ou expirada'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    expect(element.dataset.colorMode).toBe('light');
    unmount();
  });

  it('requires apiBaseUrl and one of getToken and fetchToken', () => {
    const element = document.createElement('div');
    expect(() => mount(element, { apiBaseUrl: '', getToken: () => 't' })).toThrow(/apiBaseUrl/);
    expect(() => mount(element, { apiBaseUrl: 'https://x', getToken: 't' as unknown as () => string })).toThrow(
      /getToken/,
    );
    expect(() => mount(element, { apiBaseUrl: 'https://x', getToken: () => 't', fetchToken: async () => 't' })).toThrow(
      /not both/,
    );
  });
});

/** An embed token as the server issues it (the claims the embed reads), for a read or read-write key. */
const embedToken = (access: 'read' | 'read-write', n: number) => {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({ sub: `key-${n}`, aud: 'backoffice-embed', access, iat: now, exp: now + 600 });
};

function mountWithFetchToken(fetchToken: () => Promise<string | { token: string; expiresIn: number } | null>) {
  const element = document.createElement('div');
  document.body.append(element);
  const onUnauthorized = vi.fn();
  const unmount = mount(element, { apiBaseUrl: 'https://api.example.com', fetchToken, onUnauthorized });
  const shadow = () => element.shadowRoot as ShadowRoot;
  return { element, shadow, onUnauthorized, unmount };
}

describe('mount with fetchToken (a partner portal)', () => {
  it('fetches a token before the first request and sends it', async () => {
    const token = embedToken('read-write', 1);
    const calls = fakeApi(() => ({ status: 200, body: listOf([makeCompany(1)]) }));
    const fetchToken = vi.fn(async () => ({ token, expiresIn: 600 }));
    const { shadow, unmount } = mountWithFetchToken(fetchToken);
    await waitFor(() => expect(shadow().textContent).toContain(makeCompany(1).trading_name));
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(calls.every((call) => call.headers.get('Authorization') === `Bearer ${token}`)).toBe(true);
    unmount();
  });

  it('on a 401 asks the portal once more and repeats the request with the fresh token', async () => {
    const tokens = [embedToken('read-write', 1), embedToken('read-write', 2)];
    let issued = 0;
    const fetchToken = vi.fn(async () => tokens[issued++] ?? null);
    const calls = fakeApi((call) =>
      call.headers.get('Authorization') === `Bearer ${tokens[0]}`
        ? { status: 401, body: { detail: 'Could not validate credentials' } }
        : { status: 200, body: listOf([makeCompany(2)]) },
    );
    const { shadow, onUnauthorized, unmount } = mountWithFetchToken(fetchToken);
    await waitFor(() => expect(shadow().textContent).toContain(makeCompany(2).trading_name));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(calls.map((call) => call.headers.get('Authorization'))).toContain(`Bearer ${tokens[1]}`);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(shadow().textContent).not.toContain('Sessão ausente ou expirada');
    unmount();
  });

  it('shows the locked screen when the fresh token is refused too, telling the host once', async () => {
    let issued = 0;
    const fetchToken = vi.fn(async () => embedToken('read-write', ++issued));
    const calls = fakeApi(() => ({ status: 401, body: { detail: 'Could not validate credentials' } }));
    const { shadow, onUnauthorized, unmount } = mountWithFetchToken(fetchToken);
    await waitFor(() => expect(shadow().textContent).toContain('Sessão ausente ou expirada'));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    unmount();
  });

  it('shows the locked screen when the portal gives no token, and never calls the API', async () => {
    const calls = fakeApi(() => ({ status: 200, body: listOf([]) }));
    const { shadow, onUnauthorized, unmount } = mountWithFetchToken(async () => {
      throw new Error('portal session ended');
    });
    await waitFor(() => expect(shadow().textContent).toContain('Sessão ausente ou expirada'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    unmount();
  });

  it('offers no create, edit or delete with a read-only token; a read-write token offers them', async () => {
    fakeApi(() => ({ status: 200, body: listOf([makeCompany(3)]) }));
    const readOnly = mountWithFetchToken(async () => embedToken('read', 1));
    await waitFor(() => expect(readOnly.shadow().textContent).toContain(makeCompany(3).trading_name));
    expect(readOnly.shadow().textContent).toContain('Exportar CSV');
    expect(readOnly.shadow().textContent).not.toContain('Adicionar Empresa');
    expect(readOnly.shadow().querySelector(`[aria-label="Ações para ${makeCompany(3).trading_name}"]`)).toBeNull();
    readOnly.unmount();

    const readWrite = mountWithFetchToken(async () => embedToken('read-write', 2));
    await waitFor(() => expect(readWrite.shadow().textContent).toContain(makeCompany(3).trading_name));
    expect(readWrite.shadow().textContent).toContain('Adicionar Empresa');
    expect(readWrite.shadow().querySelector(`[aria-label="Ações para ${makeCompany(3).trading_name}"]`)).not.toBeNull();
    readWrite.unmount();
  });

  it('a read-only embed with an empty registry does not invite to add a company', async () => {
    fakeApi(() => ({ status: 200, body: listOf([]) }));
    const { shadow, unmount } = mountWithFetchToken(async () => embedToken('read', 1));
    await waitFor(() => expect(shadow().textContent).toContain('Nenhuma empresa cadastrada'));
    expect(shadow().textContent).toContain('As empresas cadastradas aparecerão aqui.');
    expect(shadow().textContent).not.toContain('Adicione a primeira empresa');
    unmount();
  });
});

describe('<backoffice-companies>', () => {
  it('mounts from its attributes and tells the host when the token is refused', async () => {
    const calls = stubApi(401);
    defineBackofficeCompanies();
    defineBackofficeCompanies(); // twice is harmless
    expect(customElements.get(EMBED_TAG)).toBe(BackofficeCompaniesElement);
    const onUnauthorized = vi.fn();
    document.addEventListener(`${EMBED_TAG}:unauthorized`, onUnauthorized);
    const element = document.createElement(EMBED_TAG);
    element.setAttribute('api-base-url', 'https://api.example.com');
    element.setAttribute('token', 'expired');
    document.body.append(element);

    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer expired');
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('Sessão ausente ou expirada'));
    document.removeEventListener(`${EMBED_TAG}:unauthorized`, onUnauthorized);
  });

  it('takes fetchToken as a property, before getToken and the token attribute', async () => {
    const token = embedToken('read', 1);
    const calls = fakeApi(() => ({ status: 200, body: listOf([makeCompany(4)]) }));
    defineBackofficeCompanies();
    const element = document.createElement(EMBED_TAG) as BackofficeCompaniesElement;
    element.setAttribute('api-base-url', 'https://api.example.com');
    element.setAttribute('token', 'attribute-token');
    element.getToken = () => 'get-token';
    const fetchToken = vi.fn(async () => token);
    element.fetchToken = fetchToken;
    expect(element.fetchToken).toBe(fetchToken);
    document.body.append(element);

    await waitFor(() => expect(element.shadowRoot?.textContent).toContain(makeCompany(4).trading_name));
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(calls.map(() => `Bearer ${token}`));
    expect(element.shadowRoot?.textContent).not.toContain('Adicionar Empresa');
  });
});

describe('a page that sets fetchToken before embed.js defines the element', () => {
  it('is heard once the element is defined', async () => {
    const token = embedToken('read-write', 1);
    const calls = fakeApi(() => ({ status: 200, body: listOf([makeCompany(5)]) }));
    // A tag name nobody has defined yet: the element stays a plain HTMLElement until defined below.
    const tag = 'backoffice-companies-late';
    const element = document.createElement(tag) as HTMLElement & { fetchToken?: () => Promise<string> };
    element.setAttribute('api-base-url', 'https://api.example.com');
    const fetchToken = vi.fn(async () => token);
    element.fetchToken = fetchToken;
    document.body.append(element);
    customElements.define(tag, class extends BackofficeCompaniesElement {});

    await waitFor(() => expect(element.shadowRoot?.textContent).toContain(makeCompany(5).trading_name));
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });
});
