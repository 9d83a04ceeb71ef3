import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  composeRegistry,
  conflictingScreens,
  contractAccepts,
  federationName,
  findScreen,
  firstDataQuery,
  firstDataRequests,
  matchScreenPath,
  REMOTE_CONTRACT_VERSION,
  RemoteDeclarationSchema,
  ScreenFirstDataSchema,
  type ScreenSchema,
  screenPathProblem,
  screenPathsOverlap,
} from '../src/index.js';

const screen = (path: string, extra: Partial<v.InferInput<typeof ScreenSchema>> = {}) => ({
  path,
  expose: 'Page',
  title: 'Página',
  access: 'signed-in' as const,
  ...extra,
});

describe('screen paths', () => {
  it('accepts words, parameters and a final *', () => {
    for (const path of [
      '/companies',
      '/reset-password',
      '/greetings/:id',
      '/reports/:year/summary',
      '/docs-center/*',
    ]) {
      expect(screenPathProblem(path), path).toBeUndefined();
    }
  });

  it('refuses the dashboard, the platform’s paths, a leading parameter and odd segments', () => {
    expect(screenPathProblem('/')).toBe('/ is the shell’s dashboard');
    expect(screenPathProblem('/*')).toBe('/ is the shell’s dashboard');
    expect(screenPathProblem('companies')).toBe('must start with /');
    expect(screenPathProblem('/api/things')).toBe('/api is kept by the platform');
    expect(screenPathProblem('/remotes')).toBe('/remotes is kept by the platform');
    expect(screenPathProblem('/:anything')).toBe('must start with a fixed segment');
    for (const path of ['/Companies', '/a//b', '/a/', '/a.js', '/a/*/b', '/a b', '/a?x=1']) {
      expect(screenPathProblem(path), path).toMatch(/invalid segment/);
    }
  });
});

describe('matching a path to a screen', () => {
  it('matches as the shell’s router does: case-insensitive, trailing slash ignored, parameters decoded', () => {
    expect(matchScreenPath('/companies', '/companies')).toEqual({});
    expect(matchScreenPath('/companies', '/Companies/')).toEqual({});
    expect(matchScreenPath('/companies', '/companies/1')).toBeUndefined();
    expect(matchScreenPath('/companies', '/companiesx')).toBeUndefined();
    expect(matchScreenPath('/greetings/:id', '/greetings/ol%C3%A1')).toEqual({ id: 'olá' });
    expect(matchScreenPath('/greetings/:id', '/greetings')).toBeUndefined();
    expect(matchScreenPath('/help/*', '/help')).toEqual({ '*': '' });
    expect(matchScreenPath('/help/*', '/help/a/b')).toEqual({ '*': 'a/b' });
  });

  it('prefers fixed segments to parameters, and parameters to a final *', () => {
    const screens = [{ path: '/help/*' }, { path: '/help/:topic' }, { path: '/help/contact' }];
    expect(findScreen(screens, '/help/contact')?.path).toBe('/help/contact');
    expect(findScreen(screens, '/help/cnpj')?.path).toBe('/help/:topic');
    expect(findScreen(screens, '/help/a/b')?.path).toBe('/help/*');
    expect(findScreen(screens, '/elsewhere')).toBeUndefined();
  });

  it('finds the paths two remotes claim; the first declaration keeps it', () => {
    const screens = [
      { path: '/companies', remote: 'companies' },
      { path: '/greetings/:id', remote: 'greetings' },
      { path: '/Companies', remote: 'greetings' },
      { path: '/greetings/:name', remote: 'companies' },
      { path: '/greetings', remote: 'greetings' },
    ];
    expect(conflictingScreens(screens)).toEqual([screens[2], screens[3]]);
  });

  it('finds a path that would take another remote’s page by being more specific: a /* or a parameter over it', () => {
    const screens = [
      { path: '/login', remote: 'auth' },
      { path: '/companies/:id', remote: 'companies' },
      { path: '/login/*', remote: 'admin' },
      { path: '/:anything', remote: 'admin' },
      { path: '/companies/export', remote: 'admin' },
      { path: '/companies/:id/notes', remote: 'admin' },
      { path: '/admin/*', remote: 'admin' },
    ];
    expect(conflictingScreens(screens)).toEqual([screens[2], screens[3], screens[4]]);
    expect(findScreen(screens, '/login')?.path).toBe('/login/*');
  });

  it.each([
    ['/login', '/login/*', true],
    ['/login', '/login/:step', false],
    ['/a/:x', '/a/b', true],
    ['/a/:x', '/a/b/c', false],
    ['/a/*', '/b/*', false],
    ['/:x', '/companies', true],
    ['/Companies', '/companies', true],
  ])('%s and %s overlap: %s', (a, b, overlap) => {
    expect(screenPathsOverlap(a, b)).toBe(overlap);
    expect(screenPathsOverlap(b, a)).toBe(overlap);
  });
});

describe('a remote’s declaration', () => {
  const valid = {
    name: 'greetings',
    version: '1.2.0',
    contract: '1.0.0',
    screens: [
      screen('/greetings', { expose: 'GreetingsPage', menu: { label: 'Saudações', icon: 'smile', order: 40 } }),
    ],
    exposes: ['GreetingsPage'],
    shared: { react: '^19.3.1' },
  };

  it('accepts a complete declaration', () => {
    expect(v.parse(RemoteDeclarationSchema, valid)).toEqual(valid);
  });

  it('refuses a screen whose expose the build lacks, two screens on one path, unknown icons and bad names', () => {
    const refused = (input: unknown) => !v.safeParse(RemoteDeclarationSchema, input).success;
    expect(refused({ ...valid, exposes: [] })).toBe(true);
    expect(
      refused({
        ...valid,
        screens: [screen('/a/:x', { expose: 'GreetingsPage' }), screen('/a/:y', { expose: 'GreetingsPage' })],
      }),
    ).toBe(true);
    expect(
      refused({ ...valid, screens: [{ ...valid.screens[0], menu: { label: 'x', icon: 'rocket', order: 1 } }] }),
    ).toBe(true);
    expect(refused({ ...valid, screens: [{ ...valid.screens[0], access: 'everyone' }] })).toBe(true);
    expect(refused({ ...valid, name: 'Remote_Greetings' })).toBe(true);
    expect(refused({ ...valid, screens: [screen('/api/x', { expose: 'GreetingsPage' })] })).toBe(true);
  });

  it('names the federation container after the remote', () => {
    expect(federationName('companies')).toBe('remote_companies');
    expect(federationName('purchase-orders')).toBe('remote_purchase_orders');
  });

  it('is shown by a shell of the same contract major only', () => {
    expect(contractAccepts('1.0.0', '1.4.2')).toBe(true);
    expect(contractAccepts('1.0.0', '2.0.0')).toBe(false);
    expect(contractAccepts('1.0.0', 'x')).toBe(false);
  });
});

describe('composing the registry', () => {
  const declaration = (name: string, paths: string[], extra: object = {}) => ({
    name,
    version: '1.0.0',
    contract: '1.0.0',
    screens: paths.map((path) => screen(path)),
    exposes: ['Page'],
    ...extra,
  });
  const input = (name: string, decl: unknown) => ({
    name,
    version: '1.0.0',
    entry: `/remotes/${name}/remoteEntry.js`,
    declaration: decl,
  });

  it('lists every valid remote and its screens', () => {
    const { registry, problems } = composeRegistry([
      input('settings', declaration('settings', ['/settings'])),
      input('companies', declaration('companies', ['/companies'])),
    ]);
    expect(problems).toEqual([]);
    expect(registry.remotes).toEqual({
      remote_companies: { name: 'companies', version: '1.0.0', entry: '/remotes/companies/remoteEntry.js' },
      remote_settings: { name: 'settings', version: '1.0.0', entry: '/remotes/settings/remoteEntry.js' },
    });
    expect(registry.screens.map((s) => [s.remote, s.path])).toEqual([
      ['companies', '/companies'],
      ['settings', '/settings'],
    ]);
  });

  it('leaves out a broken, misnamed or incompatible remote and a taken path, and says why; the rest stays', () => {
    const { registry, problems } = composeRegistry([
      input('companies', declaration('companies', ['/companies'])),
      input('broken', { name: 'broken' }),
      input('liar', declaration('companies', ['/liar'])),
      input('future', declaration('future', ['/future'], { contract: '2.0.0' })),
      input('greedy', declaration('greedy', ['/companies', '/greedy'])),
    ]);
    expect(Object.keys(registry.remotes)).toEqual(['remote_companies', 'remote_greedy']);
    expect(registry.screens.map((s) => [s.remote, s.path])).toEqual([
      ['companies', '/companies'],
      ['greedy', '/greedy'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^broken@1.0.0: invalid remote.json/),
      `future@1.0.0: built against contract 2.0.0, the shell speaks ${REMOTE_CONTRACT_VERSION}`,
      'liar@1.0.0: its remote.json names "companies"',
      'greedy: /companies belongs to another remote already',
    ]);
  });
});

describe('a list screen’s first request (firstData)', () => {
  const firstData = v.parse(ScreenFirstDataSchema, {
    list: '/companies/',
    pageSize: 5,
    params: ['search', 'is_active', 'sort'],
    defaults: { sort: 'newest' },
    values: { is_active: ['true', 'false'], sort: ['newest', 'cnpj'] },
  });
  const query = (search: Record<string, string>) => firstDataQuery(firstData, (name) => search[name] ?? null);

  it('is the page’s skip and limit, then the declared parameters in their order, trimmed', () => {
    expect(query({})).toEqual([
      ['skip', '0'],
      ['limit', '5'],
    ]);
    expect(query({ sort: 'cnpj', search: ' acme ', page: '3', other: 'x' })).toEqual([
      ['skip', '10'],
      ['limit', '5'],
      ['search', 'acme'],
      ['sort', 'cnpj'],
    ]);
  });

  it('reads an invalid page as 1 and leaves out empty values and defaults, as the page does', () => {
    for (const page of ['0', '-2', '1.5', 'x', '', '9999999999999']) {
      expect(query({ page, search: '  ', is_active: '', sort: 'newest' })).toEqual([
        ['skip', '0'],
        ['limit', '5'],
      ]);
    }
  });

  it('leaves out a value not among its parameter’s values, as the page reads it as absent', () => {
    expect(query({ is_active: 'maybe', sort: 'bogus', search: 'x' })).toEqual([
      ['skip', '0'],
      ['limit', '5'],
      ['search', 'x'],
    ]);
    expect(query({ is_active: 'false', sort: 'cnpj' })).toEqual([
      ['skip', '0'],
      ['limit', '5'],
      ['is_active', 'false'],
      ['sort', 'cnpj'],
    ]);
  });

  it('is declared with an API path and a page size', () => {
    expect(v.safeParse(ScreenFirstDataSchema, { list: 'companies', pageSize: 5 }).success).toBe(false);
    expect(v.safeParse(ScreenFirstDataSchema, { list: '/companies/', pageSize: 0 }).success).toBe(false);
    expect(v.parse(ScreenFirstDataSchema, { list: '/companies/', pageSize: 5 })).toEqual({
      list: '/companies/',
      pageSize: 5,
      params: [],
      defaults: {},
      values: {},
    });
  });
});

describe('a list paged by a cursor (firstData without pageSize, contract 1.3)', () => {
  const activity = {
    path: '/admin/activity',
    firstData: {
      list: '/audit-events',
      params: ['actor_id', 'entity_type'],
      values: { entity_type: ['user', 'company'] },
      pageOnly: ['from', 'to'],
    },
  };
  const requests = (search: Record<string, string>) =>
    firstDataRequests(activity, '/admin/activity', (name) => search[name] ?? null);

  it('is the declared parameters alone: the API gives the next page’s cursor', () => {
    expect(requests({})).toEqual([{ path: '/audit-events', query: [] }]);
    expect(requests({ entity_type: 'company', actor_id: ' a1 ', page: '3', entity_id: 'x' })).toEqual([
      {
        path: '/audit-events',
        query: [
          ['actor_id', 'a1'],
          ['entity_type', 'company'],
        ],
      },
    ]);
  });

  it('asks nothing early when the URL has a parameter only the page can read (a day where the person is)', () => {
    expect(requests({ from: '2026-11-20' })).toEqual([]);
    expect(requests({ actor_id: 'a1', to: '2026-11-25' })).toEqual([]);
    // Empty, it is absent for the page too.
    expect(requests({ from: ' ', actor_id: 'a1' })).toEqual([{ path: '/audit-events', query: [['actor_id', 'a1']] }]);
  });
});

describe('a record screen’s first requests (firstData.get, contract 1.2)', () => {
  const company = { path: '/companies/:id', firstData: { get: ['/companies/:id', '/companies/:id/history'] } };
  /** The paths as the server writes them for the page (the query of a record's requests is empty). */
  const paths = (pathname: string, search: Record<string, string> = {}) => {
    return firstDataRequests(company, pathname, (name) => search[name] ?? null).map(({ path, query }) => {
      expect(query).toEqual([]);
      return path;
    });
  };

  it('are its paths with the URL’s parameters, encoded as the API client encodes them', () => {
    expect(paths('/companies/0b1c')).toEqual(['/companies/0b1c', '/companies/0b1c/history']);
    expect(paths('/Companies/a%20b/', { page: '2' })).toEqual(['/companies/a%20b', '/companies/a%20b/history']);
    expect(paths('/companies/a%2Fb')).toEqual(['/companies/a%2Fb', '/companies/a%2Fb/history']);
  });

  it('are none where a parameter would lead the browser to another path, or the URL is not the screen’s', () => {
    expect(paths('/companies/..')).toEqual([]);
    expect(paths('/companies/%2e%2e')).toEqual([]);
    expect(paths('/companies/.')).toEqual([]);
    expect(paths('/users/1')).toEqual([]);
  });

  it('a list’s is its first page, with its query', () => {
    const list = { path: '/companies', firstData: { list: '/companies/', pageSize: 5, params: ['search'] } };
    const search: Record<string, string> = { page: '2', search: 'acme' };
    expect(firstDataRequests(list, '/companies', (name) => search[name] ?? null)).toEqual([
      {
        path: '/companies/',
        query: [
          ['skip', '5'],
          ['limit', '5'],
          ['search', 'acme'],
        ],
      },
    ]);
    expect(firstDataRequests({ path: '/companies' }, '/companies', () => null)).toEqual([]);
  });

  it('are declared with API paths that use only the screen path’s parameters', () => {
    const declaration = (path: string, get: string[]) => ({
      name: 'greetings',
      version: '1.0.0',
      contract: '1.2.0',
      screens: [screen(path, { expose: 'GreetingsPage', firstData: { get } })],
      exposes: ['GreetingsPage'],
    });
    const accepted = (path: string, get: string[]) =>
      v.safeParse(RemoteDeclarationSchema, declaration(path, get)).success;
    expect(accepted('/greetings/:id', ['/greetings/:id', '/greetings/:id/replies'])).toBe(true);
    expect(accepted('/greetings/:id', ['/greetings/:other'])).toBe(false);
    expect(accepted('/greetings', ['/greetings/:id'])).toBe(false);
    expect(accepted('/greetings/:id', [])).toBe(false);
    expect(accepted('/greetings/:id', ['greetings/:id'])).toBe(false);
    expect(accepted('/greetings/:id', ['/greetings/:id?x=1'])).toBe(false);
    expect(accepted('/greetings/:id', ['/greetings/../users'])).toBe(false);
  });
});
