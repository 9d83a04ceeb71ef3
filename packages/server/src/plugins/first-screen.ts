import fs from 'node:fs';
import path from 'node:path';

/**
 * The shell's index.html as served: the remote registry inline (no remotes.json round trip) and,
 * for a route that a remote renders, that remote's manifest preloaded and its entry and page chunks
 * prefetched, so the first screen loads without a waterfall (DESIGN §3). Scripts are prefetched, not
 * preloaded: Chromium keeps a failed script preload for the page's lifetime, so a remote that was
 * down at first load could not recover with "Tentar novamente". Re-read when the files change.
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

export function renderShellIndex({ shellDir, remoteDirs }: FirstScreenOptions, url: string): string | undefined {
  const html = readText(path.join(shellDir, 'index.html'));
  if (html === undefined) return undefined;
  const registry = readJson(path.join(shellDir, 'remotes.json'));
  const tags: string[] = [];
  let page = html;
  if (registry && typeof registry === 'object') {
    tags.push(
      `<script type="application/json" id="backoffice-config">${scriptSafeJson({ remotes: registry })}</script>`,
    );
    // The build preloads remotes.json for when nobody inlines it; inlined, that request is waste.
    page = page.replace(/<link rel="preload" href="[^"]*remotes\.json"[^>]*>/, '');
  }
  const route = pageForRoute(url);
  const dir = route && remoteDirs.get(route.remote);
  if (route && dir) {
    const base = `/remotes/${route.remote}/`;
    const manifest = readJson(path.join(dir, 'mf-manifest.json')) as Manifest | undefined;
    if (manifest) {
      tags.push(`<link rel="preload" href="${base}mf-manifest.json" as="fetch" crossorigin="anonymous">`);
      const entry = manifest.metaData?.remoteEntry;
      const prefetch = (file: string) => tags.push(`<link rel="prefetch" href="${escapeAttr(base + file)}">`);
      if (entry?.name) prefetch((entry.path ?? '') + entry.name);
      const assets = manifest.exposes?.find((e) => e.name === route.expose)?.assets;
      for (const file of [...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? [])]) prefetch(file);
    }
  }
  return tags.length ? page.replace('</head>', `${tags.join('')}</head>`) : page;
}
