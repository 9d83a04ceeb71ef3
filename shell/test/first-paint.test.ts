import fs from 'node:fs';
import path from 'node:path';
import { GREETING_STORAGE_KEY } from '@backoffice/api-client';
import { COLOR_MODE_STORAGE_KEY } from '@backoffice/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../src/first-paint/after-paint';
import { forgetFailedFirstScreenScripts } from '../src/first-screen-scripts';
import { COLLAPSED_STORAGE_KEY } from '../src/layout/AppFrame';

/** The head script as the build serves it (minified, but the same code). */
const HEAD_SCRIPT = fs.readFileSync(path.join(__dirname, '../head/first-paint.js'), 'utf8');
const runHeadScript = () => new Function(HEAD_SCRIPT)();

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html.className = '';
  for (const name of ['data-session', 'data-sidebar', 'data-live', 'data-first-paint-submit', 'data-first-paint-left'])
    html.removeAttribute(name);
  document.body.innerHTML = '';
});

describe('the first paint’s head script', () => {
  it('reads the keys the app writes: dark by default, no session, the menu expanded', () => {
    expect(COLOR_MODE_STORAGE_KEY).toBe('theme');
    expect(COLLAPSED_STORAGE_KEY).toBe('sidebar_collapsed');
    runHeadScript();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.getAttribute('data-session')).toBe('out');
    expect(html.hasAttribute('data-sidebar')).toBe(false);
  });

  it('picks the stored colour mode, session and menu width', () => {
    // jsdom's page is on localhost, where the app clears the stored session at start unless told not to.
    window.__BACKOFFICE_CONFIG__ = { clearSessionOnLocalhost: false };
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    localStorage.setItem('access_token', 'a-token');
    localStorage.setItem(COLLAPSED_STORAGE_KEY, 'true');
    runHeadScript();
    expect(html.classList.contains('light')).toBe(true);
    expect(html.style.colorScheme).toBe('light');
    expect(html.getAttribute('data-session')).toBe('in');
    expect(html.getAttribute('data-sidebar')).toBe('collapsed');
    // Where the app will clear it (localhost), a stored session paints the public page.
    delete window.__BACKOFFICE_CONFIG__;
    runHeadScript();
    expect(html.getAttribute('data-session')).toBe('out');
  });

  it('notes a first paint’s form submitted before the app is live, instead of letting the browser send it', () => {
    runHeadScript();
    document.body.innerHTML =
      '<div id="first-paint"><form method="dialog"></form><form method="dialog"><button>Entrar</button></form></div>';
    const event = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelectorAll('form')[1]?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(html.getAttribute('data-first-paint-submit')).toBe('1');
  });
  it('shows the dashboard’s greeting once the early request knows the user, as text', () => {
    runHeadScript();
    const greeting = `<div data-greeting=""><div class="skeleton"></div><h1 hidden data-default-name="Usuário">Bem-vindo(a), __BO_USER__!</h1></div>`;
    document.body.innerHTML = `<div id="first-paint">${greeting}${greeting}</div>`;
    document.dispatchEvent(new CustomEvent('backoffice:early-user', { detail: { full_name: '<b>Ana</b>' } }));
    const headings = [...document.querySelectorAll('h1')];
    expect(headings.map((h) => [h.hidden, h.textContent, h.children.length])).toEqual([
      [false, 'Bem-vindo(a), <b>Ana</b>!', 0],
      [false, 'Bem-vindo(a), <b>Ana</b>!', 0],
    ]);
    expect(document.querySelector('.skeleton')).toBeNull();
    document.body.innerHTML = `<div id="first-paint">${greeting}</div>`;
    document.dispatchEvent(new CustomEvent('backoffice:early-user', { detail: { full_name: null } }));
    expect(document.querySelector('h1')?.textContent).toBe('Bem-vindo(a), Usuário!');
  });
});

describe('the dashboard’s greeting before any answer', () => {
  /** A token as the API signs it: only its claims are read here (base64url, no padding). */
  const tokenOf = (sub: string) =>
    `h.${btoa(JSON.stringify({ sub, exp: 1 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')}.s`;
  const greeting = `<div data-greeting=""><div class="skeleton"></div><h1 hidden data-default-name="Usuário">Bem-vindo(a), __BO_USER__!</h1></div>`;
  /** The body as the parser adds it after the head script ran; observers run before the next paint. */
  const parseBody = async () => {
    document.body.innerHTML = `<div id="first-paint">${greeting}</div>`;
    document.getElementById('first-paint')?.insertAdjacentHTML('beforeend', greeting);
    await Promise.resolve();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    return [...document.querySelectorAll('h1')].map((h) => (h.hidden ? null : h.textContent));
  };
  beforeEach(() => {
    window.__BACKOFFICE_CONFIG__ = { clearSessionOnLocalhost: false };
  });
  afterEach(() => {
    delete window.__BACKOFFICE_CONFIG__;
  });

  it('greets with the name kept beside the token, in both menu widths, and follows a rename the early answer brings', async () => {
    expect(GREETING_STORAGE_KEY).toBe('user_greeting');
    localStorage.setItem('access_token', tokenOf('u-1'));
    localStorage.setItem(GREETING_STORAGE_KEY, JSON.stringify({ id: 'u-1', name: 'Ana' }));
    runHeadScript();
    expect(await parseBody()).toEqual(['Bem-vindo(a), Ana!', 'Bem-vindo(a), Ana!']);
    expect(document.querySelector('.skeleton')).toBeNull();
    document.dispatchEvent(new CustomEvent('backoffice:early-user', { detail: { full_name: 'Ana Lima' } }));
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual([
      'Bem-vindo(a), Ana Lima!',
      'Bem-vindo(a), Ana Lima!',
    ]);
  });

  it('waits for the answer when the name kept is another person’s, absent or unreadable', async () => {
    for (const kept of [JSON.stringify({ id: 'u-2', name: 'Bia' }), null, '{not json']) {
      localStorage.setItem('access_token', tokenOf('u-1'));
      if (kept === null) localStorage.removeItem(GREETING_STORAGE_KEY);
      else localStorage.setItem(GREETING_STORAGE_KEY, kept);
      runHeadScript();
      expect(await parseBody()).toEqual([null, null]);
    }
    // A user without a name is greeted with the default one.
    localStorage.setItem(GREETING_STORAGE_KEY, JSON.stringify({ id: 'u-1', name: null }));
    runHeadScript();
    expect(await parseBody()).toEqual(['Bem-vindo(a), Usuário!', 'Bem-vindo(a), Usuário!']);
  });
});

describe('taking the first paint over', () => {
  afterEach(() => vi.useRealTimers());

  /** A fresh copy of the module: its holds and "requested" are per page. */
  const takeover = async () => {
    vi.resetModules();
    return import('../src/first-paint/takeover');
  };

  const page = () => {
    document.body.innerHTML = `
      <div id="first-paint"><form method="dialog"><input name="username"><input name="password" type="password"></form></div>
      <div id="root"><form><input name="username"><input name="password" type="password"></form></div>`;
    const [firstEmail, firstPassword, liveEmail, livePassword] = [...document.querySelectorAll('input')] as [
      HTMLInputElement,
      HTMLInputElement,
      HTMLInputElement,
      HTMLInputElement,
    ];
    return { firstEmail, firstPassword, liveEmail, livePassword };
  };

  it('carries the typed values (as input events), the focus and the caret into the live form, then removes itself', async () => {
    const { requestTakeOver } = await takeover();
    const fields = page();
    fields.firstEmail.value = 'ana@example.com';
    fields.firstPassword.value = 'segredo123';
    fields.firstPassword.focus();
    fields.firstPassword.setSelectionRange(3, 5);
    const typed: string[] = [];
    fields.livePassword.addEventListener('input', () => typed.push(fields.livePassword.value));
    requestTakeOver();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(fields.liveEmail.value).toBe('ana@example.com');
    expect(typed).toEqual(['segredo123']);
    expect(document.activeElement).toBe(fields.livePassword);
    expect([fields.livePassword.selectionStart, fields.livePassword.selectionEnd]).toEqual([3, 5]);
    expect(html.hasAttribute('data-live')).toBe(true);
  });

  it('moves the focus of a link or a button to its live counterpart (a Tab pressed before the app was live)', async () => {
    const { requestTakeOver } = await takeover();
    document.body.innerHTML = `
      <div id="first-paint"><a href="#conteudo">Pular para o conteúdo</a><button aria-label="Recolher menu"></button></div>
      <div id="root"><a href="/">Início</a><a href="#conteudo">Pular para o conteúdo</a><button aria-label="Recolher menu"></button></div>`;
    (document.querySelector('#first-paint a') as HTMLElement).focus();
    requestTakeOver();
    expect(document.activeElement).toBe(document.querySelectorAll('#root a')[1]);
  });

  it('lets the live form check the fields left before it was live, in order', async () => {
    const { requestTakeOver } = await takeover();
    runHeadScript();
    const fields = page();
    fields.firstEmail.focus();
    fields.firstPassword.focus();
    fields.firstPassword.blur();
    const checked: string[] = [];
    for (const live of [fields.liveEmail, fields.livePassword]) {
      live.addEventListener('focusout', () => checked.push(live.name));
    }
    requestTakeOver();
    expect(checked).toEqual(['username', 'password']);
  });

  it('presses, once live, a button pressed before (an action, not a form’s submit)', async () => {
    const { requestTakeOver } = await takeover();
    runHeadScript();
    document.body.innerHTML = `
      <div id="first-paint"><button type="button">Adicionar Empresa</button></div>
      <div id="root"><button type="button">Exportar CSV</button><button type="button">Adicionar Empresa</button></div>`;
    (document.querySelector('#first-paint button') as HTMLButtonElement).click();
    const pressed: string[] = [];
    for (const button of document.querySelectorAll('#root button')) {
      button.addEventListener('click', () => pressed.push(button.textContent ?? ''));
    }
    requestTakeOver();
    expect(pressed).toEqual(['Adicionar Empresa']);
  });

  it('sends a form submitted meanwhile, once live', async () => {
    const { requestTakeOver } = await takeover();
    page();
    html.setAttribute('data-first-paint-submit', '0');
    const live = document.querySelector('#root form') as HTMLFormElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    live.addEventListener('submit', submitted);
    requestTakeOver();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(html.hasAttribute('data-first-paint-submit')).toBe(false);
  });

  it('waits while something holds it (a spinner where the frame was), at most a few seconds', async () => {
    vi.useFakeTimers();
    const { holdFirstPaint, requestTakeOver } = await takeover();
    page();
    const release = holdFirstPaint();
    requestTakeOver();
    expect(document.getElementById('first-paint')).not.toBeNull();
    release();
    expect(document.getElementById('first-paint')).toBeNull();

    const again = await takeover();
    page();
    again.holdFirstPaint();
    again.requestTakeOver();
    vi.advanceTimersByTime(3_999);
    expect(document.getElementById('first-paint')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('first-paint')).toBeNull();
  });
});

describe('the app starting after the first paint is on screen', () => {
  /** Animation frames run when the test says so, as a browser runs them before it paints. */
  let frames: FrameRequestCallback[] = [];
  const paintFrame = () => {
    for (const callback of frames.splice(0)) callback(performance.now());
  };
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    return done;
  };

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for a frame when the page has a first paint, and goes on in the task after it', async () => {
    document.body.innerHTML = '<div id="first-paint"><h1>Entrar</h1></div><div id="root"></div>';
    const started = afterFirstPaint();
    expect(await settled(started)).toBe(false);
    paintFrame();
    expect(await settled(started)).toBe(true);
  });

  it('starts at once without a first paint, or in a hidden tab (no frames there)', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(await settled(afterFirstPaint())).toBe(true);
    document.body.innerHTML = '<div id="first-paint"></div><div id="root"></div>';
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstPaint())).toBe(true);
    vi.restoreAllMocks();
  });

  it('starts anyway when no frame comes', async () => {
    // Timers only: the frames stay the test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    document.body.innerHTML = '<div id="first-paint"></div><div id="root"></div>';
    let done = false;
    void afterFirstPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('a first-screen script that fails before the app asks for it', () => {
  it('is removed from the page, so the loader that asks again makes its own request', () => {
    forgetFailedFirstScreenScripts();
    document.head.innerHTML =
      '<script defer src="/static/js/async/signed-in.1.js"></script><script src="/static/js/async/2.js"></script>';
    const [named, loaders] = [...document.head.querySelectorAll('script')];
    named?.dispatchEvent(new Event('error'));
    loaders?.dispatchEvent(new Event('error'));
    // The page's deferred script goes; a loader's own script is the loader's to remove.
    expect([...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      '/static/js/async/2.js',
    ]);
  });
});
