import type { Page } from '@playwright/test';

/** A first screen of the product and what tells that it is ready for the user. */
export interface Screen {
  name: string;
  path: string;
  /** The page's `<h1>` (its start, for the dashboard's greeting). */
  heading: string;
  /** A button that must be there too before the screen is usable (the login form's submit). */
  button?: string;
  /** Who opens it: nobody (public), an ordinary user or a super user. */
  as: 'anonymous' | 'user' | 'superuser';
  /**
   * What is on screen once the whole page is, its data included (a CSS selector): a list's first row
   * of data, the profile tab's button. The heading may come first (the page frame commits its title
   * row before the rest), so a menu navigation is timed to both.
   */
  content?: string;
  /**
   * What must be the live app's before the screen counts as interactive: its main field and main
   * action (a CSS selector, and the element's exact text when the selector alone is not enough).
   * See `src/load-milestones.ts`.
   */
  live: LiveTarget[];
}

/** An element the user types into or presses, once the app has attached its handler. */
export interface LiveTarget {
  selector: string;
  text?: string;
}

/** A table's first row of data (not a placeholder row). */
const DATA_ROW = 'tbody tr:not([data-testid="skeleton-row"]) td';

export const SCREENS: Screen[] = [
  {
    name: 'login',
    path: '/login',
    heading: 'Entrar',
    button: 'Entrar',
    as: 'anonymous',
    live: [
      { selector: 'form input[name="username"]' },
      { selector: 'form input[name="password"]' },
      { selector: 'form button[type="submit"]' },
    ],
  },
  // The dashboard has no form: its action is the side menu.
  {
    name: 'dashboard',
    path: '/',
    heading: 'Bem-vindo(a),',
    as: 'superuser',
    // Its cards' figures (the greeting shows first, with the user).
    content: '[data-testid="total"]',
    live: [{ selector: 'nav a[aria-label="Empresas"]' }],
  },
  {
    name: 'companies',
    path: '/companies',
    heading: 'Gestão de Empresas',
    as: 'superuser',
    content: DATA_ROW,
    live: [{ selector: 'input[type="search"]' }, { selector: 'button', text: 'Adicionar Empresa' }],
  },
  {
    name: 'admin',
    path: '/admin',
    heading: 'Administração de Usuários',
    as: 'superuser',
    content: DATA_ROW,
    live: [{ selector: 'button', text: 'Adicionar usuário' }],
  },
  {
    name: 'settings',
    path: '/settings',
    heading: 'Configurações',
    as: 'superuser',
    content: '[role="tabpanel"] button',
    live: [
      { selector: '[role="tab"]', text: 'Senha' },
      { selector: '[role="tabpanel"] button', text: 'Editar' },
    ],
  },
];

export const screen = (name: string): Screen => {
  const found = SCREENS.find((s) => s.name === name);
  if (!found) throw new Error(`unknown screen ${name}`);
  return found;
};

/** The side menu's entries, each opened from the dashboard. */
export const MENU_NAVIGATIONS = [
  { link: 'Empresas', to: screen('companies') },
  { link: 'Usuários', to: screen('admin') },
  { link: 'Configurações', to: screen('settings') },
];

/** What the probe waits for: the heading (and button), or, given `content`, that element instead. */
type ReadySpec = Partial<Pick<Screen, 'heading' | 'button' | 'content'>> & { key: string };

/**
 * Page-side code: stores `performance.now()` under `window[key]` the first time the screen's
 * heading (and button) — or its `content` — is on screen. An in-page timestamp, so the test runner's
 * own latency is not part of the figure. Kept as source text: transpilers decorate functions with
 * helpers (tsx's `__name`) that do not exist in the page.
 */
function readyProbeSource(spec: ReadySpec): string {
  return `(() => {
  const spec = ${JSON.stringify(spec)};
  // Text first (cheap); the layout query only for a heading that matches, so the probe does not
  // force a layout at every change of the page it is timing.
  const visible = (el) => el.getClientRects().length > 0;
  const matching = (selector, test) => [...document.querySelectorAll(selector)].filter((el) => test((el.textContent || '').trim()));
  const ready = () =>
    spec.content
      ? [...document.querySelectorAll(spec.content)].some(visible)
      : matching('h1', (text) => text.startsWith(spec.heading)).some(visible) &&
        (!spec.button || matching('button', (text) => text === spec.button).some(visible));
  let observer;
  const check = () => {
    if (window[spec.key] !== undefined || !ready()) return;
    window[spec.key] = { ms: performance.now(), wallMs: performance.timeOrigin + performance.now() };
    observer.disconnect();
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  check();
})();`;
}

/** Before a page load: record when `screen` becomes ready (read it with `readyTime`). */
export async function probeReadyOnLoad(page: Page, screen: Screen, key = '__screenReady'): Promise<void> {
  await page.addInitScript({ content: readyProbeSource({ heading: screen.heading, button: screen.button, key }) });
}

/** On a loaded page: record when `screen` becomes ready from now on. */
export async function probeReadyNow(page: Page, screen: Screen, key = '__screenReady'): Promise<void> {
  await page.evaluate(readyProbeSource({ heading: screen.heading, button: screen.button, key }));
}

/** Before a page load: record when `screen`'s whole page (`content`) is on screen. */
export async function probeContentOnLoad(page: Page, screen: Screen, key: string): Promise<void> {
  if (!screen.content) throw new Error(`${screen.name} names no content`);
  await page.addInitScript({ content: readyProbeSource({ content: screen.content, key }) });
}

/** On a loaded page: record when `screen`'s whole page (`content`) is on screen from now on. */
export async function probeContentNow(page: Page, screen: Screen, key: string): Promise<void> {
  if (!screen.content) throw new Error(`${screen.name} names no content`);
  await page.evaluate(readyProbeSource({ content: screen.content, key }));
}

/** When a screen became ready: ms since the document started, and the same instant on the wall clock. */
export interface ReadyAt {
  ms: number;
  wallMs: number;
}

/** Waits for the probe and returns its in-page timestamp. */
export async function readyTime(page: Page, key = '__screenReady', timeout = 60_000): Promise<ReadyAt> {
  const handle = await page.waitForFunction((k) => (window as unknown as Record<string, ReadyAt>)[k], key, {
    timeout,
    polling: 100,
  });
  return (await handle.jsonValue()) as ReadyAt;
}
