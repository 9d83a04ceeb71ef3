import { configureApiClient, queryClient } from '@backoffice/api-client';
import { Toaster } from '@backoffice/ui';
import { EnvironmentProvider } from '@chakra-ui/react/environment';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CompaniesAccessContext, SignedInPersonContext } from '../hooks/companies-access';
import CompaniesPage from '../pages/CompaniesPage';
import { EmbedUnauthorized } from './EmbedUnauthorized';
import { embedSystem } from './system';
import { accessOf } from './token-claims';
import { createTokenSession, type FetchToken, type TokenSession } from './token-session';

export { EMBED_VERSION } from './version';

export interface MountOptions {
  /** Origin (and optional path prefix) of the back office API, e.g. `https://backoffice.example.com`. */
  apiBaseUrl: string;
  /**
   * A partner portal's way (give this or `getToken`): returns a fresh embed token from the portal's own
   * server, which exchanges its partner key for it (`POST /api/v1/embed/token`) — the token itself, or
   * `{ token, expiresIn }` with the seconds it has left. Called on start, again at 80 % of each token's
   * life, and once more when the API refuses a token before the screen shows "Sessão ausente ou expirada".
   */
  fetchToken?: FetchToken;
  /** Returns the bearer token to send; called before every request, so it may change over time. */
  getToken?: () => string | null | undefined;
  /**
   * `memory` (default): the screen's page and filters live inside the embed; the host URL is never
   * touched. `url`: they are kept in the host page's query string (`page`, `search`, `type`,
   * `is_active`), so reload and back/forward restore them.
   */
  routing?: 'memory' | 'url';
  /** With `routing: 'url'`, the path prefix the host serves the screen under (default: any path). */
  basename?: string;
  /** `dark` (default, as the product) or `light`. */
  colorMode?: 'light' | 'dark';
  /** Called when there is no token that works (none given, or the API refused it): sign in again. */
  onUnauthorized?: () => void;
}

export type Unmount = () => void;

const ROUTES = [{ path: '*', Component: CompaniesPage }];

/** A value the React tree reads through useSyncExternalStore (the screen's phase). */
function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Where the token comes from: the host's getToken as is, or a session kept fresh through fetchToken. */
function tokenSourceOf(options: MountOptions): { session: TokenSession | undefined; read: () => string | null } {
  const { fetchToken, getToken } = options;
  if (typeof fetchToken === 'function' && typeof getToken === 'function') {
    throw new Error('backoffice-companies: give fetchToken or getToken, not both');
  }
  if (typeof fetchToken === 'function') {
    const session = createTokenSession(fetchToken);
    return { session, read: session.current };
  }
  if (typeof getToken === 'function') return { session: undefined, read: () => getToken() || null };
  throw new Error('backoffice-companies: fetchToken or getToken must be a function');
}

/**
 * Renders the companies screen into `element`'s shadow root (created when missing): styles stay
 * inside it, both ways. Framework-free: any page can call it. Returns the function that removes it.
 * One embed per page talks to one API with one token (the API client is a module singleton).
 */
export function mount(element: HTMLElement, options: MountOptions): Unmount {
  if (!options?.apiBaseUrl) throw new Error('backoffice-companies: apiBaseUrl is required');

  const tokens = tokenSourceOf(options);
  let mounted = true;

  queryClient.clear();

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  element.dataset.colorMode = options.colorMode === 'light' ? 'light' : 'dark';
  const container = document.createElement('div');
  shadow.appendChild(container);
  const cache = createCache({ key: 'bo-companies', container: shadow });

  // `starting` only while the first token is fetched: the screen would otherwise ask the API without one.
  const phase = createStore<'starting' | 'ready' | 'unauthorized'>(
    tokens.session ? 'starting' : tokens.read() ? 'ready' : 'unauthorized',
  );
  // A refused token ends nothing on the host: no storage is cleared, no navigation happens.
  const lock = () => {
    // Several requests may be refused at once: the host hears it once.
    if (phase.get() === 'unauthorized') return;
    void queryClient.cancelQueries();
    phase.set('unauthorized');
    options.onUnauthorized?.();
  };
  configureApiClient({
    baseUrl: options.apiBaseUrl,
    tokenSource: tokens.read,
    onUnauthorized: (refusedToken) => {
      if (!tokens.session) return lock();
      void tokens.session.recoverFrom401(refusedToken).then((recovered) => {
        if (!mounted) return;
        // A fresh token: what was refused is asked for again (a change the person made is theirs to redo).
        if (recovered) void queryClient.refetchQueries({ type: 'active' });
        else lock();
      });
    },
  });

  if (tokens.session) {
    void tokens.session.start().then((started) => {
      if (!mounted || phase.get() !== 'starting') return;
      if (started) phase.set('ready');
      else lock();
    });
  } else if (phase.get() === 'unauthorized') {
    // No token at all: locked from the start, and the host hears it like a refused one.
    queueMicrotask(() => options.onUnauthorized?.());
  }

  const router =
    options.routing === 'url'
      ? createBrowserRouter(ROUTES, options.basename ? { basename: options.basename } : undefined)
      : createMemoryRouter(ROUTES, { initialEntries: ['/'] });

  const subscribeToken = (listener: () => void) => tokens.session?.subscribe(listener) ?? (() => {});
  const readAccess = () => accessOf(tokens.read());

  function Screen() {
    const current = useSyncExternalStore(phase.subscribe, phase.get);
    // A read-only partner key's token: the screen offers no action the API would refuse.
    const access = useSyncExternalStore(subscribeToken, readAccess);
    if (current === 'starting') return null;
    if (current === 'unauthorized') return <EmbedUnauthorized />;
    return (
      <CompaniesAccessContext.Provider value={access}>
        <SignedInPersonContext.Provider value={false}>
          <RouterProvider router={router} />
        </SignedInPersonContext.Provider>
      </CompaniesAccessContext.Provider>
    );
  }

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CacheProvider value={cache}>
          <EnvironmentProvider value={() => shadow}>
            <ChakraProvider value={embedSystem}>
              <Screen />
              <Toaster />
            </ChakraProvider>
          </EnvironmentProvider>
        </CacheProvider>
      </QueryClientProvider>
    </StrictMode>,
  );

  return () => {
    if (!mounted) return;
    mounted = false;
    tokens.session?.stop();
    root.unmount();
    router.dispose();
    queryClient.clear();
    // Back to the defaults: a page that also runs the product's own client gets its session back.
    configureApiClient();
    cache.sheet.flush();
    container.remove();
  };
}
