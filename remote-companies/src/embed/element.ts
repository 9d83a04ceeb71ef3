import { EMBED_VERSION, type MountOptions, mount, type Unmount } from './mount';

/** The custom element's tag name. */
export const EMBED_TAG = 'backoffice-companies';

const ATTRIBUTES = ['api-base-url', 'token', 'token-storage-key', 'routing', 'basename', 'color-mode'] as const;

/**
 * `<backoffice-companies api-base-url="https://…" token="…">`: the companies screen for any page.
 *
 * Attributes: `api-base-url` (required), `token` or `token-storage-key` (the local storage key the
 * host keeps its token under), `routing` (`memory` default, or `url`), `basename`, `color-mode`
 * (`dark` default, or `light`). A partner portal sets the `fetchToken` property (its server exchanges
 * the portal's partner key for short-lived tokens); a host may instead set `getToken`. Fires
 * `backoffice-companies:unauthorized` (bubbles, composed) when no token works.
 */
export class BackofficeCompaniesElement extends HTMLElement {
  static readonly version = EMBED_VERSION;
  static readonly observedAttributes = ATTRIBUTES;

  #unmount: Unmount | undefined;
  #getToken: MountOptions['getToken'] | undefined;
  #fetchToken: MountOptions['fetchToken'] | undefined;
  #scheduled = false;
  /** The API refused the token: a new token re-mounts the screen. */
  #locked = false;

  /**
   * An async function returning a fresh token from the portal's server (or `{ token, expiresIn }`);
   * takes precedence over `getToken` and the attributes.
   */
  get fetchToken(): MountOptions['fetchToken'] | undefined {
    return this.#fetchToken;
  }
  set fetchToken(value: MountOptions['fetchToken'] | undefined) {
    this.#fetchToken = value;
    this.#tokenSourceChanged();
  }

  /** A function returning the current token; takes precedence over the attributes. */
  get getToken(): MountOptions['getToken'] | undefined {
    return this.#getToken;
  }
  set getToken(value: MountOptions['getToken'] | undefined) {
    this.#getToken = value;
    this.#tokenSourceChanged();
  }

  /** A new way to get tokens may work where the last one was refused: unlock and render again. */
  #tokenSourceChanged(): void {
    this.#locked = false;
    this.#scheduleRender();
  }

  connectedCallback(): void {
    this.#adoptEarlyProperty('fetchToken');
    this.#adoptEarlyProperty('getToken');
    this.#scheduleRender();
  }

  /**
   * A page may set `fetchToken` before embed.js has defined the element: the value then sits on the
   * plain element, hiding the setter. Take it over, as if it had been set now.
   */
  #adoptEarlyProperty(name: 'fetchToken' | 'getToken'): void {
    if (!Object.hasOwn(this, name)) return;
    const value = this[name];
    delete (this as Partial<Record<typeof name, unknown>>)[name];
    this[name] = value as never;
  }

  disconnectedCallback(): void {
    this.#unmount?.();
    this.#unmount = undefined;
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue === newValue) return;
    // A new token is read at the next request; only a screen without one (or refused) re-mounts.
    if (name === 'token' && this.#unmount && oldValue && !this.#locked) return;
    // With fetchToken the token attributes are not read.
    if ((name === 'token' || name === 'token-storage-key') && this.#fetchToken) return;
    this.#scheduleRender();
  }

  /** Several attribute changes in one task mount once. */
  #scheduleRender(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#render();
    });
  }

  /** fetchToken, else getToken, else the attributes. */
  #tokenOptions(): Pick<MountOptions, 'fetchToken' | 'getToken'> {
    if (this.#fetchToken) return { fetchToken: this.#fetchToken };
    if (this.#getToken) return { getToken: this.#getToken };
    return { getToken: this.#attributeToken() };
  }

  #attributeToken(): NonNullable<MountOptions['getToken']> {
    return () => {
      const key = this.getAttribute('token-storage-key');
      if (key) {
        try {
          return window.localStorage.getItem(key);
        } catch {
          return null;
        }
      }
      return this.getAttribute('token');
    };
  }

  #render(): void {
    this.#unmount?.();
    this.#unmount = undefined;
    this.#locked = false;
    if (!this.isConnected) return;
    const apiBaseUrl = this.getAttribute('api-base-url');
    if (!apiBaseUrl) {
      console.error(`<${EMBED_TAG}>: the api-base-url attribute is required`);
      return;
    }
    this.#unmount = mount(this, {
      apiBaseUrl,
      ...this.#tokenOptions(),
      routing: this.getAttribute('routing') === 'url' ? 'url' : 'memory',
      basename: this.getAttribute('basename') ?? undefined,
      colorMode: this.getAttribute('color-mode') === 'light' ? 'light' : 'dark',
      onUnauthorized: () => {
        this.#locked = true;
        this.dispatchEvent(new CustomEvent(`${EMBED_TAG}:unauthorized`, { bubbles: true, composed: true }));
      },
    });
  }
}

/** Defines the element once, even when the script is included twice. */
export function defineBackofficeCompanies(): void {
  if (!customElements.get(EMBED_TAG)) customElements.define(EMBED_TAG, BackofficeCompaniesElement);
}
