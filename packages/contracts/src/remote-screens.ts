import * as v from 'valibot';
import { MAX_SKIP } from './constants.js';

/**
 * What a remote declares about the screens it provides, and the registry the shell builds its routes
 * and menu from (DESIGN §3, "A remote owns its screens"). A remote's build writes its declaration as
 * `remote.json`; the server validates it with these schemas before it tells any page about it, and the
 * shell validates each screen again, so one team's broken declaration never breaks another's area.
 */

/**
 * The version of the contract between the shell and the remotes (the declaration's shape and what an
 * exposed page module must export). A remote built against another major is not shown.
 */
export const REMOTE_CONTRACT_VERSION = '1.3.0';

/** Whether a remote built against contract `remote` works in a shell that speaks contract `shell`. */
export function contractAccepts(shell: string, remote: string): boolean {
  const major = (version: string) => /^(\d+)\.\d+\.\d+$/.exec(version)?.[1];
  return major(shell) !== undefined && major(shell) === major(remote);
}

/** The menu icons a screen may name: the shell draws them (it holds one component per name). */
export const SCREEN_ICONS = [
  'home',
  'briefcase',
  'users',
  'settings',
  'smile',
  'file-text',
  'bar-chart',
  'calendar',
  'box',
  'message-square',
  'star',
  'globe',
  'truck',
  'dollar-sign',
  'clipboard',
  'bell',
] as const;
export type ScreenIcon = (typeof SCREEN_ICONS)[number];

/**
 * Who may open a screen: `public` only visitors without a session (spec §2's account pages: a signed-in
 * user goes to /), `signed-in` any signed-in user, `superuser` signed in, and its menu entry shows to
 * super users only (spec §6); the page itself still says no to others, as the API does. `anyone`:
 * whoever holds the link, signed in or not, outside the signed-in frame (the e-mail change's undo link).
 */
export const SCREEN_ACCESS = ['public', 'signed-in', 'superuser', 'anyone'] as const;

/** Screens shown inside the signed-in frame. */
export const isFramedScreen = (screen: { access: ScreenAccess }): boolean =>
  screen.access === 'signed-in' || screen.access === 'superuser';
export type ScreenAccess = (typeof SCREEN_ACCESS)[number];

/** Links of the shell's frame that a screen may be the target of. */
export const SCREEN_SLOTS = ['profile'] as const;
export type ScreenSlot = (typeof SCREEN_SLOTS)[number];

/** A remote's name: its folder is `remote-<name>` and it is served under `/remotes/<name>/`. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The Module Federation name of a remote: `companies` → `remote_companies`. */
export function federationName(name: string): string {
  return `remote_${name.replaceAll('-', '_')}`;
}

/** First path segments the platform keeps: the API, its docs, the remotes' files, the shell's files. */
export const RESERVED_PATH_SEGMENTS = ['api', 'docs', 'remotes', 'remotes.json', 'static', 'index.html'] as const;

const SEGMENT = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*|:[a-zA-Z][a-zA-Z0-9]*)$/;

/**
 * Why a screen path cannot be used, or undefined when it can. A path is `/segment(/segment)*`, optionally
 * ending in `/*` (the screen handles every path below it); a segment is lower-case words joined by `-`, or
 * `:name` for a parameter. The first segment is a word, not a parameter (it would take every path), and
 * not one the platform keeps; `/` is the shell's dashboard.
 */
export function screenPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'must start with /';
  const segments = path.slice(1).split('/');
  if (segments.at(-1) === '*') segments.pop();
  if (segments.length === 0 || segments[0] === '') return '/ is the shell’s dashboard';
  if (segments.length > 8) return 'has more than 8 segments';
  for (const segment of segments) if (!SEGMENT.test(segment)) return `has an invalid segment "${segment}"`;
  const first = segments[0] as string;
  if (first.startsWith(':')) return 'must start with a fixed segment';
  if ((RESERVED_PATH_SEGMENTS as readonly string[]).includes(first)) return `/${first} is kept by the platform`;
  return undefined;
}

const nonEmptyText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const ScreenMenuSchema = v.object({
  /** The entry's text (spec wording, e.g. `Empresas`). */
  label: nonEmptyText(40),
  icon: v.picklist(SCREEN_ICONS),
  /** Position among the menu's entries, smallest first; the shell's Início is 0. */
  order: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
});
export type ScreenMenu = v.InferOutput<typeof ScreenMenuSchema>;

const paramNames = v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/))), v.maxLength(20));

/**
 * What a list screen asks the API for first, so the page can ask for it before the screen's code has
 * loaded (the server writes it into the page; see `firstDataRequests`). The screen's URL search follows the
 * list kit's convention: `page` (1-based, `pageSize` rows) and `params` passed on as they are, in order.
 */
export const ScreenFirstDataSchema = v.object({
  /** The API list under `/api/v1` (`/companies/`). */
  list: v.pipe(v.string(), v.regex(/^\/[a-z0-9/_-]*$/, 'An API path like /companies/'), v.maxLength(100)),
  /**
   * Rows per page, the list paged by `skip` and `limit`. Absent (contract 1.3): the list is paged by a
   * cursor the API gives, so its first page is the request with the parameters alone.
   */
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
  /** The URL's search parameters the page sends to the API as they are (its filters and order), in its order. */
  params: v.optional(paramNames, []),
  /**
   * Parameters the page turns into another value where it runs (a calendar day into an instant in the
   * person's time zone, contract 1.3): with one of them in the URL, nothing is asked early, since the
   * server cannot make the page's request.
   */
  pageOnly: v.optional(paramNames),
  /** A parameter equal to its default is left out, as the page leaves it out (`{ sort: 'newest' }`). */
  defaults: v.optional(v.record(v.string(), v.string()), {}),
  /**
   * The values a parameter may take (`{ type: ['matriz', 'filial'] }`): any other is left out, as the page
   * reads an invalid value as absent — the early request is then still the page's own.
   */
  values: v.optional(v.record(v.string(), v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50))), {}),
});
export type ScreenFirstData = v.InferOutput<typeof ScreenFirstDataSchema>;

/**
 * The query of the request a list screen makes first for its URL's search (`read` gives a parameter of
 * it), as the page builds it: `skip` and `limit` from `page` (a list paged by `skip`), then `params`
 * trimmed — empty ones, defaults and values not among a parameter's `values` left out;
 * `GET /api/v1{list}?{new URLSearchParams(query)}`.
 * A value the page would read otherwise (an over-long search) gives another request than the page's: that
 * early answer is then not used, and the page asks itself.
 */
export function firstDataQuery(
  firstData: v.InferInput<typeof ScreenFirstDataSchema>,
  read: (name: string) => string | null,
): [string, string][] {
  const { pageSize, params = [], defaults = {}, values = {} } = firstData;
  const query: [string, string][] = [];
  if (pageSize !== undefined) {
    const asked = read('page')?.trim() ?? '';
    const page = /^\d+$/.test(asked) && Number(asked) >= 1 && Number(asked) <= MAX_SKIP / pageSize ? Number(asked) : 1;
    query.push(['skip', String((page - 1) * pageSize)], ['limit', String(pageSize)]);
  }
  for (const name of params) {
    const value = read(name)?.trim();
    const allowed = values[name];
    if (value && value !== defaults[name] && (!allowed || allowed.includes(value))) query.push([name, value]);
  }
  return query;
}

/**
 * What a record's screen (`/companies/:id`) asks the API for first, so the page can ask before the
 * screen's code has loaded: API paths under `/api/v1` in which the screen path's parameters stand for
 * the URL's (`/companies/:id/history`), each the very request the page makes for that record.
 */
export const ScreenRecordDataSchema = v.object({
  get: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.regex(/^(?:\/(?:[a-z0-9_-]+|:[a-zA-Z][a-zA-Z0-9]*))+\/?$/, 'An API path like /companies/:id'),
        v.maxLength(100),
      ),
    ),
    v.minLength(1),
    v.maxLength(5),
  ),
});
export type ScreenRecordData = v.InferOutput<typeof ScreenRecordDataSchema>;

/** A screen's first requests: a list's first page, or a record's requests. */
const FirstDataSchema = v.union([ScreenFirstDataSchema, ScreenRecordDataSchema]);

/** The `:name` parameters of a path (a screen's or a record request's). */
const parametersOf = (path: string) => path.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment] : []));

/** A request a screen makes first: a path under `/api/v1` and its query (`GET /api/v1{path}?{new URLSearchParams(query)}`). */
export interface FirstRequest {
  path: string;
  query: [string, string][];
}

/**
 * The requests a screen makes first at `pathname` with the URL's search (`read` gives a parameter of it):
 * the list's first page (`firstDataQuery`; none when the URL has a parameter only the page can read), or
 * the record's requests with the URL's parameters, encoded as the API client encodes them (none when a
 * parameter is empty or a dot segment, which a browser would resolve into another path than the page's own
 * request).
 */
export function firstDataRequests(
  screen: { path: string; firstData?: v.InferInput<typeof FirstDataSchema> },
  pathname: string,
  read: (name: string) => string | null,
): FirstRequest[] {
  const { firstData } = screen;
  if (!firstData) return [];
  if ('list' in firstData) {
    if (firstData.pageOnly?.some((name) => read(name)?.trim())) return [];
    return [{ path: firstData.list, query: firstDataQuery(firstData, read) }];
  }
  const params = matchScreenPath(screen.path, pathname);
  if (!params) return [];
  const requests: FirstRequest[] = [];
  for (const path of firstData.get) {
    const segments = path.split('/').map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      return value === undefined || value === '' || value === '.' || value === '..'
        ? undefined
        : encodeURIComponent(value);
    });
    if (segments.includes(undefined)) return [];
    requests.push({ path: segments.join('/'), query: [] });
  }
  return requests;
}

export const ScreenSchema = v.object({
  path: v.pipe(
    v.string(),
    v.maxLength(200),
    v.check((path) => screenPathProblem(path) === undefined, 'Invalid screen path'),
  ),
  /** The exposed module that renders it (`CompaniesPage` for the expose `./CompaniesPage`). */
  expose: v.pipe(v.string(), v.regex(/^[A-Z][A-Za-z0-9]*$/, 'An expose name is a PascalCase word'), v.maxLength(60)),
  /** The document title while it is shown (the shell adds the product's name). */
  title: nonEmptyText(60),
  access: v.picklist(SCREEN_ACCESS),
  menu: v.optional(ScreenMenuSchema),
  /** A link of the frame that leads here: `profile` is the user menu's "Meu perfil" (spec §2). */
  slot: v.optional(v.picklist(SCREEN_SLOTS)),
  /**
   * What the screen asks the API for first, asked for as soon as its page arrives: a list's first page
   * (`ScreenFirstDataSchema`; paged by a cursor since contract 1.3) or a record's requests
   * (`ScreenRecordDataSchema`, contract 1.2).
   */
  firstData: v.optional(FirstDataSchema),
});
export type Screen = v.InferOutput<typeof ScreenSchema>;

/** Why a screen's record requests cannot be made from its path (a parameter it lacks), or undefined. */
export function firstDataProblem(screen: { path: string; firstData?: v.InferInput<typeof FirstDataSchema> }) {
  if (!screen.firstData || 'list' in screen.firstData) return undefined;
  const known = new Set(parametersOf(screen.path));
  for (const path of screen.firstData.get) {
    const unknown = parametersOf(path).find((name) => !known.has(name));
    if (unknown) return `${screen.path}: ${path} uses ${unknown}, which the screen's path lacks`;
  }
  return undefined;
}

const semver = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/, 'Expected a version like 1.0.0'));

/**
 * `remote.json`, written next to a remote's build: its name and version, the contract it was built
 * against, the screens it provides, the modules it exposes and the shared modules it requires
 * (name → required version range, from its Module Federation manifest).
 */
export const RemoteDeclarationSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.maxLength(40), v.regex(REMOTE_NAME_PATTERN, 'A remote name is lower-case words and -')),
    version: v.pipe(v.string(), v.regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, 'Invalid version')),
    contract: semver,
    screens: v.pipe(v.array(ScreenSchema), v.maxLength(50)),
    exposes: v.pipe(v.array(v.string()), v.maxLength(100)),
    shared: v.optional(v.record(v.string(), v.string()), {}),
  }),
  v.check(
    (remote) => remote.screens.every((screen) => remote.exposes.includes(screen.expose)),
    'Every screen’s expose must be one the build exposes',
  ),
  v.check(
    (remote) => remote.screens.every((screen) => firstDataProblem(screen) === undefined),
    'A screen’s first requests may use only its path’s parameters',
  ),
  v.check(
    (remote) => new Set(remote.screens.map((screen) => normalizePattern(screen.path))).size === remote.screens.length,
    'Two screens of one remote have the same path',
  ),
);
export type RemoteDeclaration = v.InferOutput<typeof RemoteDeclarationSchema>;

/** `shell.json`, written next to the shell's build: the contract it speaks and what it shares. */
export const ShellDeclarationSchema = v.object({
  version: v.string(),
  contract: semver,
  /** Shared module → the version the shell provides. */
  shared: v.record(v.string(), v.string()),
});
export type ShellDeclaration = v.InferOutput<typeof ShellDeclarationSchema>;

/** A screen in the registry: the declaration plus the remote (by name) that provides it. */
export const RegistryScreenSchema = v.object({ ...ScreenSchema.entries, remote: v.string() });
export type RegistryScreen = v.InferOutput<typeof RegistryScreenSchema>;

/**
 * What a page is told at run time (written into index.html by the server, or `/remotes.json`): where
 * each remote's entry is, by federation name, and every screen. `overrides` lists the remotes this
 * browser loads from a developer's server instead (`?remote-override=`), `refused` the overrides the
 * server would not honour and why.
 */
export const PageRegistrySchema = v.object({
  contract: semver,
  remotes: v.record(
    v.string(),
    v.object({ name: v.string(), version: v.string(), entry: v.pipe(v.string(), v.minLength(1)) }),
  ),
  screens: v.array(v.unknown()),
  overrides: v.optional(v.array(v.object({ name: v.string(), url: v.string() })), []),
  refused: v.optional(v.array(v.string()), []),
});
export type PageRegistry = Omit<v.InferOutput<typeof PageRegistrySchema>, 'screens'> & { screens: RegistryScreen[] };

/* ---------- matching paths to screens ---------- */

function normalizePattern(pattern: string): string {
  return pattern.replace(/:[^/]+/g, ':');
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/**
 * The parameters of `pathname` when it matches the screen path `pattern`, or undefined. Like the
 * shell's router: case-insensitive, a trailing slash ignored, `:name` one segment, a final `*` the rest.
 */
export function matchScreenPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = splitPath(pattern);
  const have = splitPath(pathname);
  const splat = want.at(-1) === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(actual);
    else if (segment !== actual.toLowerCase()) return undefined;
  }
  if (splat) params['*'] = have.slice(want.length).join('/');
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Fixed segments outrank parameters, which outrank a final `*` (as the shell's router ranks them). */
function specificity(pattern: string): number {
  return splitPath(pattern).reduce(
    (score, segment) => score + (segment === '*' ? 1 : segment.startsWith(':') ? 3 : 4),
    0,
  );
}

/** The screen that renders `pathname` (the most specific match), if any. */
export function findScreen<T extends { path: string }>(screens: readonly T[], pathname: string): T | undefined {
  let best: T | undefined;
  for (const screen of screens) {
    if (!matchScreenPath(screen.path, pathname)) continue;
    if (!best || specificity(screen.path) > specificity(best.path)) best = screen;
  }
  return best;
}

/**
 * Whether some path is matched by both screen paths: a parameter takes any one segment, a final `*`
 * the rest (nothing included). `/login/*` and `/login`, or `/:x` and `/companies`, overlap — and the more
 * specific one would take the other's page (findScreen).
 */
export function screenPathsOverlap(a: string, b: string): boolean {
  const x = splitPath(a.toLowerCase());
  const y = splitPath(b.toLowerCase());
  for (let i = 0; ; i++) {
    const [p, q] = [x[i], y[i]];
    if (p === '*' || q === '*') return true;
    if (p === undefined || q === undefined) return p === q;
    if (!p.startsWith(':') && !q.startsWith(':') && p !== q) return false;
  }
}

/**
 * Screens that would take a path another remote's screen already has — the same path up to parameter
 * names, or one that overlaps it (a `/*` or a parameter over another remote's page) — in the order
 * given: the earlier declaration keeps the path. A registry leaves these out: one remote never takes
 * another's pages (a remote's build could otherwise serve the product's /login).
 */
export function conflictingScreens<T extends { path: string; remote: string }>(screens: readonly T[]): T[] {
  const kept: T[] = [];
  const conflicts: T[] = [];
  for (const screen of screens) {
    if (kept.some((other) => other.remote !== screen.remote && screenPathsOverlap(other.path, screen.path))) {
      conflicts.push(screen);
    } else kept.push(screen);
  }
  return conflicts;
}

/* ---------- the registry a page gets ---------- */

/** One remote as a registry source knows it: where its entry is and what its `remote.json` says. */
export interface RegistryInput {
  name: string;
  version: string;
  /** URL of its `remoteEntry.js` (or of its `mf-manifest.json`), as the page will load it. */
  entry: string;
  /** Its `remote.json`, not yet validated. */
  declaration: unknown;
}

/**
 * The registry pages get, from what the sources list: each remote whose declaration is valid, names
 * itself and speaks the shell's contract major, with its screens — except a screen whose path another
 * remote (earlier by name) already has. `problems` says, in words, what was left out and why; one
 * remote's mistake leaves every other remote's screens as they were.
 */
export function composeRegistry(
  inputs: readonly RegistryInput[],
  shellContract: string = REMOTE_CONTRACT_VERSION,
): { registry: PageRegistry; problems: string[] } {
  const problems: string[] = [];
  const remotes: PageRegistry['remotes'] = {};
  const candidates: RegistryScreen[] = [];
  for (const input of [...inputs].sort((a, b) => a.name.localeCompare(b.name))) {
    const parsed = v.safeParse(RemoteDeclarationSchema, input.declaration);
    if (!parsed.success) {
      problems.push(`${input.name}@${input.version}: invalid remote.json (${v.summarize(parsed.issues)})`);
      continue;
    }
    const declaration = parsed.output;
    if (declaration.name !== input.name) {
      problems.push(`${input.name}@${input.version}: its remote.json names "${declaration.name}"`);
      continue;
    }
    if (!contractAccepts(shellContract, declaration.contract)) {
      problems.push(
        `${input.name}@${input.version}: built against contract ${declaration.contract}, the shell speaks ${shellContract}`,
      );
      continue;
    }
    remotes[federationName(input.name)] = { name: input.name, version: input.version, entry: input.entry };
    for (const screen of declaration.screens) candidates.push({ ...screen, remote: input.name });
  }
  const conflicts = new Set(conflictingScreens(candidates));
  for (const screen of conflicts) problems.push(`${screen.remote}: ${screen.path} belongs to another remote already`);
  const screens = candidates.filter((screen) => !conflicts.has(screen));
  return { registry: { contract: shellContract, remotes, screens, overrides: [], refused: [] }, problems };
}
