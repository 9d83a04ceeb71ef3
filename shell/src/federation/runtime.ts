import {
  getInstance,
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteModules } from './contract';

/** A remote that could not be loaded (unreachable, bad manifest, or its module threw). */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  readonly remote: string;
  constructor(remote: string, cause?: unknown) {
    super(`Remote "${remote}" could not be loaded`, { cause });
    this.remote = remote;
  }
}

export function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

/** Remote name → entry URL as configured (without cache-busting). */
const configuredEntries = new Map<string, string>();
/** Remotes whose last load failed: the next attempt re-registers them with a fresh URL. */
const failedRemotes = new Set<string>();

/** The remote an entry or manifest URL belongs to (a manifest failure reports the URL as its id). */
function remoteNameForUrl(url: string): string | undefined {
  const withoutQuery = url.split('?')[0];
  for (const [name, entry] of configuredEntries) if (entry.split('?')[0] === withoutQuery) return name;
  return undefined;
}

/**
 * Marks a remote as failed whatever the failing step (manifest, entry, expose). Returning nothing
 * lets the runtime rethrow, so the route's error boundary shows the retry panel.
 */
export function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'backoffice-remote-failure',
    errorLoadRemote({ id, error, lifecycle, remote: info }) {
      const remote = info?.name ?? remoteNameForUrl(id) ?? remoteNameOf(id);
      failedRemotes.add(remote);
      console.warn(`[federation] ${remote} failed at ${lifecycle}`, error);
      return undefined;
    },
  };
}

let pluginRegistered = false;

/** Registers the remotes read at boot; `force` replaces build-time declarations (dev) with these. */
export function registerRuntimeRemotes(remotes: Record<string, string>): void {
  if (!pluginRegistered) {
    registerPlugins([remoteFailurePlugin()]);
    pluginRegistered = true;
  }
  for (const [name, entry] of Object.entries(remotes)) configuredEntries.set(name, entry);
  // Dev declares the same remotes at build time: re-register only what the registry changes.
  const known = getInstance()?.options.remotes ?? [];
  const changed = Object.entries(remotes)
    .filter(
      ([name, entry]) => !known.some((remote) => remote.name === name && 'entry' in remote && remote.entry === entry),
    )
    .map(([name, entry]) => ({ name, entry }));
  if (changed.length > 0) registerRemotes(changed, { force: true });
}

/** The configured URL with a cache-busting parameter, so a browser or CDN never replays a failure. */
export function cacheBustedUrl(url: string, stamp: number = Date.now()): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}retry=${stamp}`;
}

function reRegisterFresh(remote: string): void {
  const entry = configuredEntries.get(remote);
  if (!entry) return;
  registerRemotes([{ name: remote, entry: cacheBustedUrl(entry) }], { force: true });
}

export function hasFailed(remote: string): boolean {
  return failedRemotes.has(remote);
}

/** Typed `loadRemote`: the module of a known expose, or a `RemoteLoadError`. */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  const remote = remoteNameOf(id);
  if (failedRemotes.delete(remote)) reRegisterFresh(remote);
  try {
    const module = await loadRemote<RemoteModules[Id]>(id);
    if (!module || typeof module.default !== 'function') throw new Error(`"${id}" has no default export`);
    return module;
  } catch (error) {
    failedRemotes.add(remote);
    throw new RemoteLoadError(remote, error);
  }
}
