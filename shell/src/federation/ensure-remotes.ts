import { readRemotesMap } from './remotes-json';
import { registerRuntimeRemotes } from './runtime';

let registration: Promise<void> | undefined;

/**
 * Reads the remote registry once and registers it. A failed read is forgotten, so the next remote
 * route (or "Tentar novamente") asks again instead of staying broken until a reload.
 */
export function ensureRemotesRegistered(): Promise<void> {
  registration ??= readRemotesMap()
    .then(registerRuntimeRemotes)
    .catch((error: unknown) => {
      registration = undefined;
      throw error;
    });
  return registration;
}
