/** Nothing to register: the reference build has no remotes. */
export function ensureRemotesRegistered(): Promise<void> {
  return Promise.resolve();
}
