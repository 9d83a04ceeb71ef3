import { readRegistry, setRegistry } from './registry';
import { registerRuntimeRemotes } from './runtime';

let registration: Promise<void> | undefined;
let read = false;

/**
 * Reads the registry once and registers its remotes with the federation runtime. A failed read is
 * forgotten, so the next attempt ("Tentar novamente") asks again instead of staying broken until a reload.
 */
export function ensureRemotesRegistered(): Promise<void> {
  registration ??= readRegistry()
    .then((registry) => {
      setRegistry(registry);
      registerRuntimeRemotes(registry.entries);
      read = true;
    })
    .catch((error: unknown) => {
      registration = undefined;
      throw error;
    });
  return registration;
}

/** Whether the registry has been read (the routes and the menu are built from it). */
export function registryRead(): boolean {
  return read;
}
