import fs from 'node:fs';
import path from 'node:path';

/**
 * The shell's index.html as served. The remote registry is written into the page with each remote's
 * entry already resolved from its manifest (no registry or manifest round trip), and every file the
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
 * nothing later: the runtime asks for the same file again with its own (absolute) URL.
 */

/**
 * What renders the first screen of a route (mirrors the shell's routes): the signed-in frame (a lazy
 * chunk of the shell) and which remote's exposed module.
 */
const ROUTE_PAGES: { path: string; exact?: boolean; signedIn: boolean; remote?: string; expose?: string }[] = [
  { path: '/login', signedIn: false, remote: 'auth', expose: 'Login' },
  { path: '/signup', signedIn: false, remote: 'auth', expose: 'Signup' },
  { path: '/recover-password', signedIn: false, remote: 'auth', expose: 'RecoverPassword' },
  { path: '/reset-password', signedIn: false, remote: 'auth', expose: 'ResetPassword' },
  { path: '/revert-email-change', signedIn: false, remote: 'auth', expose: 'RevertEmailChange' },
  { path: '/', exact: true, signedIn: true },
  { path: '/companies', signedIn: true, remote: 'companies', expose: 'CompaniesPage' },
  { path: '/admin', signedIn: true, remote: 'admin', expose: 'AdminPage' },
  { path: '/settings', signedIn: true, remote: 'settings', expose: 'SettingsPage' },
];

function pageForRoute(url: string) {
  const pathname = url.split('?')[0] ?? '/';
  return ROUTE_PAGES.find((p) => pathname === p.path || (!p.exact && pathname.startsWith(`${p.path}/`)));
}

/** The shell's lazy chunk of the signed-in frame (its `webpackChunkName`). */
const SIGNED_IN_GROUP = 'signed-in';
/** Module Federation's chunk group of an expose (see EXPOSE_CHUNK_GROUP_PREFIX in @backoffice/federation). */
const exposeGroup = (expose: string) => `__federation_expose_${expose}`;

/** `first-screen.json` of a build (written by the federation package's pluginFirstScreen). */
type FirstScreenGroups = Record<string, { js?: string[]; css?: string[]; shared?: string[] } | undefined>;

/** The shell's Module Federation manifest: the files that provide each shared module. */
interface ShellManifest {
  shared?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

/** `/remotes/<name>/mf-manifest.json` of a remote this process serves. */
const SERVED_MANIFEST = /^\/remotes\/([a-z-]+)\/mf-manifest\.json$/;

/** Reads a file again only when it changed (a remote redeployed in place). */
function cachedReader<T>(parse: (text: string) => T) {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return (file: string): T | undefined => {
    try {
      const { mtimeMs } = fs.statSync(file);
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === mtimeMs) return hit.value;
      const value = parse(fs.readFileSync(file, 'utf8'));
      cache.set(file, { mtimeMs, value });
      return value;
    } catch {
      return undefined;
    }
  };
}

const readText = cachedReader((text) => text);
const readJson = cachedReader((text) => JSON.parse(text) as unknown);

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a <script> element must not be able to close it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface FirstScreenOptions {
  shellDir: string;
  /** Built remotes served by this process: name → dist folder. */
  remoteDirs: Map<string, string>;
  /** Server settings the screens need before any request (api-client's BackofficeRuntimeConfig). */
  pageSettings: { signupEnabled: boolean };
}

/** A remote's entry path on this origin, read from its manifest, e.g. `/remotes/auth/remoteEntry.js`. */
function entryPath(remote: string, dir: string): string | undefined {
  const entry = (readJson(path.join(dir, 'mf-manifest.json')) as Manifest | undefined)?.metaData?.remoteEntry;
  return entry?.name ? `/remotes/${remote}/${entry.path ?? ''}${entry.name}` : undefined;
}

/** The registry with the manifests of the remotes served here replaced by their entries. */
function resolvedRegistry(registry: Record<string, unknown>, remoteDirs: Map<string, string>) {
  return Object.fromEntries(
    Object.entries(registry).map(([name, url]) => {
      const served = typeof url === 'string' ? SERVED_MANIFEST.exec(url) : null;
      const dir = served && remoteDirs.get(served[1] as string);
      return [name, (dir && entryPath(served[1] as string, dir)) || url];
    }),
  );
}

export function renderShellIndex(
  { shellDir, remoteDirs, pageSettings }: FirstScreenOptions,
  url: string,
): string | undefined {
  const html = readText(path.join(shellDir, 'index.html'));
  if (html === undefined) return undefined;
  const registry = readJson(path.join(shellDir, 'remotes.json'));
  let page = html;
  const runtimeConfig: Record<string, unknown> = {};
  if (registry && typeof registry === 'object') {
    runtimeConfig.remotes = resolvedRegistry(registry as Record<string, unknown>, remoteDirs);
    // The build preloads remotes.json for when nobody inlines it; inlined, that request is waste.
    page = page.replace(/<link rel="preload" href="[^"]*remotes\.json"[^>]*>/, '');
  }
  Object.assign(runtimeConfig, pageSettings);
  const tags = [`<script type="application/json" id="backoffice-config">${scriptSafeJson(runtimeConfig)}</script>`];
  const named = new Set<string>();
  const script = (src: string) => {
    // A file the page names already (the shell's own scripts) or named once here is not named again.
    if (named.has(src) || page.includes(`"${src}"`)) return;
    named.add(src);
    tags.push(`<script defer src="${escapeAttr(src)}"></script>`);
  };
  const stylesheet = (href: string) => tags.push(`<link rel="stylesheet" href="${escapeAttr(href)}">`);
  const shellManifest = readJson(path.join(shellDir, 'mf-manifest.json')) as ShellManifest | undefined;
  /** The shell's files that provide the shared modules a group consumes as it loads. */
  const sharedFrom = (group: FirstScreenGroups[string]) => {
    for (const name of group?.shared ?? []) {
      const provided = shellManifest?.shared?.find((s) => s.name === name);
      for (const file of provided?.assets?.js?.sync ?? []) script(`/${file}`);
    }
  };
  const route = pageForRoute(url);
  if (route?.signedIn) {
    const frame = (readJson(path.join(shellDir, 'first-screen.json')) as FirstScreenGroups | undefined)?.[
      SIGNED_IN_GROUP
    ];
    for (const file of frame?.js ?? []) script(`/${file}`);
    sharedFrom(frame);
  }
  const dir = route?.remote && remoteDirs.get(route.remote);
  const entry = route?.remote && dir && entryPath(route.remote, dir);
  if (route?.remote && route.expose && dir && entry) {
    const base = `/remotes/${route.remote}/`;
    script(entry);
    const exposed = (readJson(path.join(dir, 'first-screen.json')) as FirstScreenGroups | undefined)?.[
      exposeGroup(route.expose)
    ];
    for (const file of exposed?.css ?? []) stylesheet(base + file);
    for (const file of exposed?.js ?? []) script(base + file);
    sharedFrom(exposed);
  }
  return page.replace('</head>', `${tags.join('')}</head>`);
}
