import {
  API_PREFIX,
  federationName,
  findScreen,
  firstDataRequests,
  isFramedScreen,
  type RegistryScreen,
} from '@backoffice/contracts';
import type { VisitorRegistry } from '../services/page-registry.js';
import type { ShellBuild } from '../services/shell-source.js';
import { type FirstPaint, framedFirstPaint, publicFirstPaint } from './first-paint.js';

/**
 * The shell's index.html as served. The registry (page-registry.ts) is written into the page with each
 * remote's entry already resolved from its manifest (no registry or manifest round trip), and every file the
 * route's first screen loads is named as a deferred script after the shell's own: the signed-in
 * frame's chunk, the remote's entry and page chunks, and the shell's files of the shared modules
 * those consume (each build's `first-screen.json` says which; the shell's `mf-manifest.json` where
 * they are). The browser fetches them all in parallel with the shell, two round trips deep, and they
 * have run when the shell and the federation runtime ask for them, so nothing is fetched twice and
 * nothing is discovered a round trip late.
 *
 * Why scripts and not `<link rel="preload">`: Chromium keeps a failed script preload for the page's
 * lifetime, so a remote that was down at first load could never recover with "Tentar novamente",
 * and a prefetched no-cache file is downloaded again when used. A deferred script that fails costs
 * nothing later: the shell's entry removes it from the page (shell/src/first-screen-scripts.ts), and the
 * loader that needs it makes its own request.
 */

/** The shell's lazy chunk of the signed-in frame (its `webpackChunkName`). */
const SIGNED_IN_GROUP = 'signed-in';
/** The shell's head script of the signed-in pages (api-client's `head/early-data.js`; see EarlyRequests). */
const EARLY_DATA_GROUP = 'early-data';
/** The shell's head script of every page with a first paint (its `head/first-paint.js`; see first-paint.ts). */
const FIRST_PAINT_GROUP = 'first-paint';
/** Module Federation's chunk group of an expose (see EXPOSE_CHUNK_GROUP_PREFIX in @backoffice/federation). */
const exposeGroup = (expose: string) => `__federation_expose_${expose}`;

/** `first-screen.json` of a build (written by the federation package's pluginFirstScreen). */
type FirstScreenGroups = Record<string, { js?: string[]; css?: string[]; shared?: string[] } | undefined>;

/** The shell's Module Federation manifest: the files that provide each shared module. */
interface ShellManifest {
  shared?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a <script> element must not be able to close it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What the page's head script asks for before the app's code runs, with the stored token (api-client's
 * `head/early-data.js`, which always asks for `/users/me` first): `get` at once, `superuser` once the
 * user is known to be one. The app takes the answers over instead of asking again (api-client's
 * early-data.ts), so each path here must be the very request the screen makes.
 */
export interface EarlyRequests {
  get: string[];
  superuser?: string[];
}

/**
 * The shell's dashboard cards (api-client's companiesSummaryQueryOptions and usersSummaryQueryOptions): the
 * companies' total and active total, and for a super user the users' (spec §6: nobody else lists users).
 */
const DASHBOARD_REQUESTS: EarlyRequests = {
  get: [`${API_PREFIX}/companies/?skip=0&limit=1`, `${API_PREFIX}/companies/?skip=0&limit=1&is_active=true`],
  superuser: [`${API_PREFIX}/users/?skip=0&limit=1`, `${API_PREFIX}/users/?skip=0&limit=1&is_active=true`],
};

/**
 * The early requests of a route inside the signed-in frame: the dashboard's cards on `/`, a screen's
 * declared `firstData` for the URL (a list's first page, a record's requests; a super user's screen's
 * once the user is one), nothing more elsewhere (the head script still asks for the current user, which
 * the frame shows).
 */
export function earlyRequests(url: string, screen: RegistryScreen | undefined): EarlyRequests {
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  if (!screen) return pathname === '/' ? DASHBOARD_REQUESTS : { get: [] };
  const search = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const paths = firstDataRequests(screen, pathname, (name) => search.get(name)).map(
    ({ path, query }) => `${API_PREFIX}${path}${query.length > 0 ? `?${new URLSearchParams(query)}` : ''}`,
  );
  if (paths.length === 0) return { get: [] };
  // A super user's screen is asked for once the user is known to be one: anyone else would get a 403.
  return screen.access === 'superuser' ? { get: [], superuser: paths } : { get: paths };
}

/** Server settings the screens need before any request (api-client's BackofficeRuntimeConfig). */
export interface PageSettings {
  signupEnabled: boolean;
}

/** The page the shell's build made, with the registry written in, or undefined when the shell is not built. */
export async function renderShellIndex(
  shell: ShellBuild,
  url: string,
  { registry, releases }: VisitorRegistry,
  pageSettings: PageSettings,
): Promise<string | undefined> {
  const html = await shell.readText('index.html');
  if (html === undefined) return undefined;
  const pathname = url.split('?')[0] ?? '/';
  const screen = findScreen(registry.screens, pathname);
  // The dashboard (/) and the signed-in and super-user screens render inside the signed-in frame; a path
  // without a screen too, for a signed-in visitor (a framed not-found).
  const framed = screen ? isFramedScreen(screen) : true;
  const runtimeConfig = { registry, ...pageSettings, ...(framed && { early: earlyRequests(url, screen) }) };
  const tags = [`<script type="application/json" id="backoffice-config">${scriptSafeJson(runtimeConfig)}</script>`];
  // The build preloads remotes.json for when nobody writes the registry in; written in, that request is waste.
  const page = html.replace(/<link rel="preload" href="[^"]*remotes\.json"[^>]*>/, '');
  const named = new Set<string>();
  const script = (src: string) => {
    // A file the page names already (the shell's own scripts) or named once here is not named again.
    if (named.has(src) || page.includes(`"${src}"`)) return;
    named.add(src);
    tags.push(`<script defer src="${escapeAttr(src)}"></script>`);
  };
  const stylesheet = (href: string) => tags.push(`<link rel="stylesheet" href="${escapeAttr(href)}">`);
  const shellManifest = parseJson(await shell.readText('mf-manifest.json')) as ShellManifest | undefined;
  /** The shell's files that provide the shared modules a group consumes as it loads. */
  const sharedFrom = (group: FirstScreenGroups[string]) => {
    for (const name of group?.shared ?? []) {
      const provided = shellManifest?.shared?.find((s) => s.name === name);
      for (const file of provided?.assets?.js?.sync ?? []) script(`/${file}`);
    }
  };
  const shellGroups = parseJson(await shell.readText('first-screen.json')) as FirstScreenGroups | undefined;
  if (screen ? isFramedScreen(screen) : pathname === '/') {
    const frame = shellGroups?.[SIGNED_IN_GROUP];
    for (const file of frame?.js ?? []) script(`/${file}`);
    sharedFrom(frame);
  }
  const overridden = new Set(registry.overrides?.map((override) => override.name));
  const release = screen && !overridden.has(screen.remote) ? releases.get(screen.remote) : undefined;
  const entry = release && registry.remotes[federationName(release.name)]?.entry;
  if (screen && release && entry && !entry.endsWith('.json')) {
    script(entry);
    const groups = parseJson(await release.readFile('first-screen.json')) as FirstScreenGroups | undefined;
    const exposed = groups?.[exposeGroup(screen.expose)];
    for (const file of exposed?.css ?? []) stylesheet(release.baseUrl + file);
    for (const file of exposed?.js ?? []) script(release.baseUrl + file);
    sharedFrom(exposed);
  }
  // The head script that starts the early requests comes before every other script: deferred scripts run
  // in document order, and it must not wait for the app's files to download.
  const head = framed ? shellGroups?.[EARLY_DATA_GROUP]?.js?.[0] : undefined;
  const headTag = head ? `<script defer src="/${escapeAttr(head)}"></script>` : '';
  const firstScript = page.indexOf('<script');
  const withHead = firstScript < 0 ? page : `${page.slice(0, firstScript)}${headTag}${page.slice(firstScript)}`;
  const shellFiles = { read: (file: string) => shell.readText(file) };
  const releaseFiles = release && { read: (file: string) => release.readFile(file) };
  const paint: FirstPaint | undefined =
    screen?.access === 'public'
      ? releaseFiles && (await publicFirstPaint(releaseFiles, screen, pageSettings))
      : framed
        ? await framedFirstPaint(shellFiles, pathname, screen, registry, releaseFiles)
        : undefined;
  // The first paint's head script runs before the body is parsed (not deferred): it picks the variant
  // the page's CSS shows. It reads the settings block, so it comes after it.
  const paintScript = paint && shellGroups?.[FIRST_PAINT_GROUP]?.js?.[0];
  const paintHead = paint && paintScript ? `${paint.head}<script src="/${escapeAttr(paintScript)}"></script>` : '';
  // A function, not a string: a replacement string reads `$'`, `` $` `` and `$&` in the registry (which
  // carries what a link asked for, `?remote-override=`) as pieces of the page to copy in.
  const withTags = withHead.replace(
    '</head>',
    () => `${firstScript < 0 ? headTag : ''}${tags.join('')}${paintHead}</head>`,
  );
  return paintHead ? withTags.replace('<div id="root">', () => `${paint?.body ?? ''}<div id="root">`) : withTags;
}
