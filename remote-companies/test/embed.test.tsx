import { type Call, fakeApi, listOf } from '@backoffice/ui/testing';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackofficeCompaniesElement, defineBackofficeCompanies, EMBED_TAG } from '../src/embed/element';
import { mount } from '../src/embed/mount';

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

  it('requires apiBaseUrl and getToken', () => {
    const element = document.createElement('div');
    expect(() => mount(element, { apiBaseUrl: '', getToken: () => 't' })).toThrow(/apiBaseUrl/);
    expect(() => mount(element, { apiBaseUrl: 'https://x', getToken: 't' as unknown as () => string })).toThrow(
      /getToken/,
    );
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
});
