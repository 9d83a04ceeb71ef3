import { readRegistry, setRegistry } from '../../../../../shell/src/federation/registry';

let read = false;

/** The registry (the server writes it into the page, as for the product); no remote to register. */
export async function ensureRemotesRegistered(): Promise<void> {
  setRegistry(await readRegistry());
  read = true;
}

export function registryRead(): boolean {
  return read;
}
