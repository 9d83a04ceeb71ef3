import { FIRST_PAINT_SLOTS, type PageRegistry, type PrerenderOutput, type RegistryScreen } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { framedFirstPaint, publicFirstPaint } from '../src/plugins/first-paint.js';

/** A build's files in memory: its `prerender.json` only. */
const build = (output: PrerenderOutput | string) => ({
  read: async (file: string) =>
    file === 'prerender.json' ? (typeof output === 'string' ? output : JSON.stringify(output)) : undefined,
});

const entry = (variant: string) =>
  `<a class="entry-${variant}" aria-label="${FIRST_PAINT_SLOTS.label}" href="${FIRST_PAINT_SLOTS.href}"><svg></svg>${variant === 'expanded' ? `<span>${FIRST_PAINT_SLOTS.label}</span>` : ''}</a>`;

/** The shell's prerender as its build writes it, reduced to what composing reads. */
const SHELL: PrerenderOutput = {
  styles: [
    { emotion: 'css-global g1', css: ':root{--x:1}' },
    { emotion: 'css a1 a2', css: '.css-a1{}.css-a2{}' },
  ],
  pages: {
    frame: { default: `${FIRST_PAINT_SLOTS.menu}<main>${FIRST_PAINT_SLOTS.main}</main>` },
    menu: {
      expanded: `<aside data-menu-width="expanded" class="wide"><nav>${FIRST_PAINT_SLOTS.nav}</nav></aside>`,
      collapsed: `<aside data-menu-width="collapsed" class="narrow"><nav>${FIRST_PAINT_SLOTS.nav}</nav></aside>`,
    },
    'nav-home': { expanded: '<a href="/">Início</a>', collapsed: '<a href="/"></a>' },
    'nav:briefcase': { expanded: entry('expanded'), collapsed: entry('collapsed') },
    'nav:users': { expanded: entry('expanded'), collapsed: entry('collapsed') },
    screen: { default: `<h1>${FIRST_PAINT_SLOTS.title}</h1><div class="skeleton"></div>` },
    dashboard: { default: '<p>Aqui está um resumo do sistema</p>' },
    'not-found': { public: '<main>Página não disponível</main>', framed: '<div>Página não disponível</div>' },
  },
};

const screen = (fields: Partial<RegistryScreen> & Pick<RegistryScreen, 'path' | 'expose'>): RegistryScreen => ({
  title: 'Tela',
  access: 'signed-in',
  remote: 'area',
  ...fields,
});

const COMPANIES = screen({
  path: '/companies',
  expose: 'CompaniesPage',
  title: 'Empresas',
  menu: { label: 'Empresas', icon: 'briefcase', order: 10 },
});
const ADMIN = screen({
  path: '/admin',
  expose: 'AdminPage',
  title: 'Usuários',
  access: 'superuser',
  menu: { label: 'Usuários', icon: 'users', order: 5 },
});
const LOGIN = screen({ path: '/login', expose: 'Login', title: 'Entrar', access: 'public' });

const registry = (screens: RegistryScreen[]): PageRegistry => ({
  contract: '1.1.0',
  remotes: {},
  screens,
  overrides: [],
  refused: [],
});

describe('framed first paint', () => {
  it('writes the menu of the registry (a super user’s entries left out, the current one marked) into both widths', async () => {
    const paint = await framedFirstPaint(build(SHELL), '/companies', COMPANIES, registry([ADMIN, COMPANIES]));
    expect(paint).toBeDefined();
    const body = paint?.body ?? '';
    // The frame and its page once; the menu in both widths, for the head script's choice.
    expect(body.match(/data-first-paint="[^"]*"/g)).toEqual(['data-first-paint="frame"']);
    expect(body.match(/<aside data-menu-width="(expanded|collapsed)"/g)).toEqual([
      '<aside data-menu-width="expanded"',
      '<aside data-menu-width="collapsed"',
    ]);
    expect(body.match(/<main>/g)).toHaveLength(1);
    expect(paint?.head).toContain(
      'html:not([data-sidebar=collapsed]) [data-menu-width=collapsed]{display:none!important}',
    );
    expect(body).toContain(
      '<a aria-current="page" class="entry-expanded" aria-label="Empresas" href="/companies"><svg></svg><span>Empresas</span></a>',
    );
    expect(body).not.toContain('Usuários');
    expect(body).not.toContain('__BO_');
    // No screen of its own in the remote's build: the shell's title row with the registry's title.
    expect(body).toContain('<h1>Empresas</h1><div class="skeleton"></div>');
    expect(paint?.head).toContain('<style data-first-paint-css="css a1 a2">.css-a1{}.css-a2{}</style>');
  });

  it('takes the page from the screen’s own build when it prerendered one, with its styles once', async () => {
    const remote: PrerenderOutput = {
      styles: [
        { emotion: 'css-global g1', css: ':root{--x:1}' },
        { emotion: 'css r1', css: '.css-r1{}' },
      ],
      pages: { CompaniesPage: { default: '<h1>Gestão de Empresas</h1>' } },
    };
    const paint = await framedFirstPaint(build(SHELL), '/companies', COMPANIES, registry([COMPANIES]), build(remote));
    expect(paint?.body).toContain('<main><h1>Gestão de Empresas</h1></main>');
    expect(paint?.head.match(/css-global g1/g)).toHaveLength(1);
    expect(paint?.head).toContain('.css-r1{}');
  });

  it('fills each slot of the frame once: a slot’s name in a label or a page is left as text', async () => {
    const tricky = screen({
      path: '/tricky',
      expose: 'Tricky',
      title: 'Tricky',
      menu: { label: FIRST_PAINT_SLOTS.main, icon: 'briefcase', order: 1 },
    });
    const remote: PrerenderOutput = {
      styles: [],
      pages: { Tricky: { default: `<h1>${FIRST_PAINT_SLOTS.menu}</h1>` } },
    };
    const paint = await framedFirstPaint(build(SHELL), '/tricky', tricky, registry([tricky]), build(remote));
    expect(paint?.body).toContain(`<main><h1>${FIRST_PAINT_SLOTS.menu}</h1></main>`);
    expect(paint?.body.match(/<main>/g)).toHaveLength(1);
    expect(paint?.body.match(/<aside /g)).toHaveLength(2);
  });

  it('escapes what the registry says, and refuses a build’s page that holds a script', async () => {
    const sneaky = screen({
      path: '/sneaky',
      expose: 'Sneaky',
      title: '<img src=x onerror=alert(1)>',
      menu: { label: '"><script>alert(1)</script>', icon: 'briefcase', order: 1 },
    });
    const remote: PrerenderOutput = {
      styles: [{ emotion: 'css r1', css: '</style><script>alert(1)</script>' }],
      pages: { Sneaky: { default: '<h1>ok</h1><script>alert(1)</script>' } },
    };
    const paint = await framedFirstPaint(build(SHELL), '/sneaky', sneaky, registry([sneaky]), build(remote));
    const page = `${paint?.head}${paint?.body}`;
    expect(page).not.toMatch(/<script|<img/);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('paints the dashboard at /, and not-found both framed and alone elsewhere', async () => {
    const home = await framedFirstPaint(build(SHELL), '/', undefined, registry([COMPANIES]));
    expect(home?.body).toContain('<a aria-current="page" href="/">Início</a>');
    expect(home?.body).toContain('Aqui está um resumo do sistema');
    const lost = await framedFirstPaint(build(SHELL), '/nowhere', undefined, registry([COMPANIES]));
    expect(lost?.body).toContain('<div data-first-paint="public"><main>Página não disponível</main></div>');
    expect(lost?.body).toContain('<main><div>Página não disponível</div></main>');
  });

  it('paints nothing from a build without prerender.json or with an unreadable one', async () => {
    expect(await framedFirstPaint(build('{oops'), '/', undefined, registry([]))).toBeUndefined();
    const none = { read: async () => undefined };
    expect(await framedFirstPaint(none, '/', undefined, registry([]))).toBeUndefined();
  });
});

describe('public first paint', () => {
  const auth: PrerenderOutput = {
    styles: [{ emotion: 'css l1', css: '.css-l1{}' }],
    pages: { Login: { default: '<h1>Entrar</h1><a>Cadastre-se</a>', signupDisabled: '<h1>Entrar</h1>' } },
  };

  it('picks the variant of the sign-up setting', async () => {
    const open = await publicFirstPaint(build(auth), LOGIN, { signupEnabled: true });
    expect(open?.body).toBe(
      '<div id="first-paint" aria-busy="true"><div data-first-paint="public"><h1>Entrar</h1><a>Cadastre-se</a></div></div>',
    );
    const closed = await publicFirstPaint(build(auth), LOGIN, { signupEnabled: false });
    expect(closed?.body).not.toContain('Cadastre-se');
    // A page the setting does not change has its default only.
    const other = { ...auth, pages: { Login: { default: '<h1>Entrar</h1>' } } };
    expect((await publicFirstPaint(build(other), LOGIN, { signupEnabled: false }))?.body).toContain('<h1>Entrar</h1>');
  });

  it('hides #root and shows the picked variant only, from the page’s CSS', async () => {
    const paint = await publicFirstPaint(build(auth), LOGIN, { signupEnabled: true });
    expect(paint?.head).toContain('#first-paint~#root{visibility:hidden');
    expect(paint?.head).toContain('html[data-session=out] [data-first-paint=public]');
  });
});
