import { readRuntimeConfig } from '@backoffice/api-client';
import {
  federationName,
  type PageRegistry,
  PageRegistrySchema,
  REMOTE_CONTRACT_VERSION,
  type RegistryScreen,
  RegistryScreenSchema,
  RemoteDeclarationSchema,
} from '@backoffice/contracts';
import * as v from 'valibot';

/**
 * The registry the shell builds its routes, menu and titles from: which remotes exist, where each
 * one's entry is, and the screens they declare (written into the page by the server, or
 * `/remotes.json`). The shell names no remote: what it shows is what this says.
 */
export interface Registry {
  /** Federation name → the entry (or manifest) URL, absolute. */
  entries: Record<string, string>;
  screens: RegistryScreen[];
  /** Remotes this browser loads from a developer's server (`?remote-override=`). */
  overrides: { name: string; url: string }[];
}

export const EMPTY_REGISTRY: Registry = { entries: {}, screens: [], overrides: [] };

/** The id `loadRemote` takes for a screen: `remote_<name>/<Expose>`. */
export function remotePageId(screen: Pick<RegistryScreen, 'remote' | 'expose'>): string {
  return `${federationName(screen.remote)}/${screen.expose}`;
}

const absolute = (url: string) => new URL(url, document.baseURI).toString();

/** The valid screens of a list; an invalid one (another team's mistake) is left out, not fatal. */
function validScreens(screens: readonly unknown[], remotes: ReadonlySet<string>): RegistryScreen[] {
  return screens.flatMap((screen) => {
    const parsed = v.safeParse(RegistryScreenSchema, screen);
    if (parsed.success && remotes.has(parsed.output.remote)) return [parsed.output];
    console.warn('[registry] screen left out', screen);
    return [];
  });
}

/**
 * The `remote.json` of an overridden remote, next to the URL the developer gave (its entry, manifest
 * or remote.json): the screens as the developer's code declares them right now.
 */
async function overriddenScreens(name: string, url: string, fetchImpl: typeof fetch): Promise<RegistryScreen[]> {
  const response = await fetchImpl(new URL('remote.json', absolute(url)), { cache: 'no-store' });
  if (!response.ok) throw new Error(`remote.json answered ${response.status}`);
  const parsed = v.safeParse(RemoteDeclarationSchema, await response.json());
  if (!parsed.success) throw new Error(v.summarize(parsed.issues));
  if (parsed.output.name !== name) throw new Error(`it declares the remote "${parsed.output.name}"`);
  return parsed.output.screens.map((screen) => ({ ...screen, remote: name }));
}

/** The URL the federation runtime registers for an overridden remote: its manifest when given its remote.json. */
function overrideEntry(url: string): string {
  return /\/remote\.json(?:[?#]|$)/.test(url) ? new URL('mf-manifest.json', absolute(url)).toString() : absolute(url);
}

/**
 * Reads the registry once at start. An overridden remote's screens are read from the developer's
 * server (the server that wrote the page cannot reach it); if that fails, the released screens stay.
 */
export async function readRegistry(fetchImpl: typeof fetch = fetch): Promise<Registry> {
  let raw = readRuntimeConfig().registry;
  if (raw === undefined) {
    // The server sends it with `Cache-Control: no-cache`; the default cache mode lets the page's
    // `<link rel="preload">` of the same URL answer this request.
    const response = await fetchImpl(new URL('/remotes.json', document.baseURI));
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    raw = await response.json();
  }
  const parsed = v.safeParse(PageRegistrySchema, raw);
  if (!parsed.success) throw new Error(`the registry is invalid: ${v.summarize(parsed.issues)}`);
  const registry = parsed.output as PageRegistry;
  if (registry.contract.split('.')[0] !== REMOTE_CONTRACT_VERSION.split('.')[0]) {
    console.warn(`[registry] contract ${registry.contract}, this shell speaks ${REMOTE_CONTRACT_VERSION}`);
  }
  for (const reason of registry.refused ?? []) console.warn(`[registry] ${reason}`);
  const names = new Set(Object.values(registry.remotes).map((remote) => remote.name));
  let screens = validScreens(registry.screens, names);
  const entries = Object.fromEntries(
    Object.entries(registry.remotes).map(([container, remote]) => [container, absolute(remote.entry)]),
  );
  for (const { name, url } of registry.overrides ?? []) {
    entries[federationName(name)] = overrideEntry(url);
    try {
      const ownPaths = new Set(screens.filter((s) => s.remote !== name).map((s) => s.path));
      const fresh = (await overriddenScreens(name, url, fetchImpl)).filter((s) => !ownPaths.has(s.path));
      screens = [...screens.filter((s) => s.remote !== name), ...fresh];
    } catch (error) {
      console.warn(`[registry] ${name}: the screens of ${url} could not be read; the released ones stay`, error);
    }
  }
  return { entries, screens, overrides: registry.overrides ?? [] };
}

let current: Registry = EMPTY_REGISTRY;

/** The registry read at start (empty before, or when it could not be read). */
export function getRegistry(): Registry {
  return current;
}

/** Sets the registry the app runs with (at start; tests set their own). */
export function setRegistry(registry: Registry): void {
  current = registry;
}

/** The screen a frame link leads to (`profile`: the user menu's "Meu perfil"). */
export function slotPath(slot: RegistryScreen['slot']): string | undefined {
  return getRegistry().screens.find((screen) => screen.slot === slot)?.path;
}
