import {
  getInstance,
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RemotePageModule } from './contract';
import { resolveRemoteEntry } from './remote-entry';

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

/** Remote name → URL from the registry (an entry or a manifest), as configured. */
const configuredUrls = new Map<string, string>();
/** Remote name → the entry URL the federation runtime knows it by. */
const registeredEntries = new Map<string, string>();
/** Remotes whose last load failed: the next attempt registers them again with fresh URLs. */
const failedRemotes = new Set<string>();

/** The remote an entry URL belongs to (a failed entry is reported by its URL). */
function remoteNameForUrl(url: string): string | undefined {
  const withoutQuery = url.split('?')[0];
  for (const [name, entry] of registeredEntries) if (entry.split('?')[0] === withoutQuery) return name;
  return undefined;
}

/**
 * Marks a remote as failed whatever the failing step (entry, expose, shared module). Returning
 * nothing lets the runtime rethrow, so the route's error boundary shows the retry panel.
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

/**
 * Takes the registry read at boot. Remotes are registered with the runtime when first loaded, so a
 * remote nobody visits costs nothing. Dev declares the same remotes at build time (HMR): a remote
 * whose URL the registry does not change stays as declared.
 */
export function registerRuntimeRemotes(remotes: Record<string, string>): void {
  if (!pluginRegistered) {
    registerPlugins([remoteFailurePlugin()]);
    pluginRegistered = true;
  }
  const declared = getInstance()?.options.remotes ?? [];
  for (const [name, url] of Object.entries(remotes)) {
    configuredUrls.set(name, url);
    if (declared.some((remote) => remote.name === name && 'entry' in remote && remote.entry === url)) {
      registeredEntries.set(name, url);
    }
  }
}

/** The configured URL with a cache-busting parameter, so a browser or CDN never replays a failure. */
export function cacheBustedUrl(url: string, stamp: number = Date.now()): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}retry=${stamp}`;
}

/** Registrations under way: a prefetch on hover and the click's own load share one. */
const registering = new Map<string, Promise<void>>();

/**
 * Registers a remote's entry with the runtime; after a failure, with fresh (cache-busted) URLs. One
 * registration per remote at a time: resolving a manifest takes a round trip, and a second, forced
 * registration meanwhile would make the runtime forget the remote and fetch its entry again.
 */
function ensureRegistered(remote: string, afterFailure: boolean): Promise<void> {
  const pending = registering.get(remote);
  if (pending) return pending;
  if (registeredEntries.has(remote) && !afterFailure) return Promise.resolve();
  const registration = register(remote, afterFailure).finally(() => registering.delete(remote));
  registering.set(remote, registration);
  return registration;
}

async function register(remote: string, afterFailure: boolean): Promise<void> {
  const configured = configuredUrls.get(remote);
  if (!configured) throw new Error(`"${remote}" is not in the remote registry`);
  const stamp = Date.now();
  let entry = await resolveRemoteEntry(afterFailure ? cacheBustedUrl(configured, stamp) : configured);
  if (afterFailure && !entry.includes('retry=')) entry = cacheBustedUrl(entry, stamp);
  registerRemotes([{ name: remote, entry }], { force: registeredEntries.has(remote) });
  registeredEntries.set(remote, entry);
}

/** Typed `loadRemote`: the page module of an expose (`remote_<name>/<Expose>`), or a `RemoteLoadError`. */
export async function loadRemoteModule(id: string): Promise<RemotePageModule> {
  const remote = remoteNameOf(id);
  try {
    await ensureRegistered(remote, failedRemotes.delete(remote));
    const module = await loadRemote<RemotePageModule>(id);
    if (!module || typeof module.default !== 'function') throw new Error(`"${id}" has no default export`);
    return module;
  } catch (error) {
    failedRemotes.add(remote);
    throw new RemoteLoadError(remote, error);
  }
}
