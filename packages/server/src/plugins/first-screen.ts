import fs from 'node:fs';
import path from 'node:path';

/**
 * The shell's index.html as served. The remote registry is written into the page with each remote's
 * entry already resolved from its manifest (no registry or manifest round trip), and on a route that
 * a remote renders, that remote's entry and page chunks are named as deferred scripts after the
 * shell's own: the browser fetches them in parallel with the shell, two round trips deep, and they
 * have run when the shell asks for them, so nothing is fetched twice.
 *
 * Why scripts and not `<link rel="preload">`: Chromium keeps a failed script preload for the page's
 * lifetime, so a remote that was down at first load could never recover with "Tentar novamente",
 * and a prefetched no-cache file is downloaded again when used. A deferred script that fails costs
 * nothing later: the runtime asks for the same file again with its own (absolute) URL.
 */

/** Which remote and exposed module render the first screen of a route (mirrors the shell's routes). */
const ROUTE_PAGES: { prefix: string; remote: string; expose: string }[] = [
  { prefix: '/login', remote: 'auth', expose: 'Login' },
  { prefix: '/signup', remote: 'auth', expose: 'Signup' },
  { prefix: '/recover-password', remote: 'auth', expose: 'RecoverPassword' },
  { prefix: '/reset-password', remote: 'auth', expose: 'ResetPassword' },
  { prefix: '/companies', remote: 'companies', expose: 'CompaniesPage' },
  { prefix: '/admin', remote: 'admin', expose: 'AdminPage' },
  { prefix: '/settings', remote: 'settings', expose: 'SettingsPage' },
];

function pageForRoute(url: string) {
  const pathname = url.split('?')[0] ?? '/';
  return ROUTE_PAGES.find((p) => pathname === p.prefix || pathname.startsWith(`${p.prefix}/`));
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
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

export function renderShellIndex({ shellDir, remoteDirs }: FirstScreenOptions, url: string): string | undefined {
  const html = readText(path.join(shellDir, 'index.html'));
  if (html === undefined) return undefined;
  const registry = readJson(path.join(shellDir, 'remotes.json'));
  const tags: string[] = [];
  let page = html;
  if (registry && typeof registry === 'object') {
    const remotes = resolvedRegistry(registry as Record<string, unknown>, remoteDirs);
    tags.push(`<script type="application/json" id="backoffice-config">${scriptSafeJson({ remotes })}</script>`);
    // The build preloads remotes.json for when nobody inlines it; inlined, that request is waste.
    page = page.replace(/<link rel="preload" href="[^"]*remotes\.json"[^>]*>/, '');
  }
  const route = pageForRoute(url);
  const dir = route && remoteDirs.get(route.remote);
  const entry = route && dir && entryPath(route.remote, dir);
  if (route && dir && entry) {
    const base = `/remotes/${route.remote}/`;
    const script = (src: string) => tags.push(`<script defer src="${escapeAttr(src)}"></script>`);
    script(entry);
    const manifest = readJson(path.join(dir, 'mf-manifest.json')) as Manifest | undefined;
    const assets = manifest?.exposes?.find((e) => e.name === route.expose)?.assets;
    for (const file of assets?.css?.sync ?? []) tags.push(`<link rel="stylesheet" href="${escapeAttr(base + file)}">`);
    for (const file of assets?.js?.sync ?? []) script(base + file);
  }
  return tags.length ? page.replace('</head>', `${tags.join('')}</head>`) : page;
}
