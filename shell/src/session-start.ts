import { type BackofficeRuntimeConfig, clearToken, readRuntimeConfig } from '@backoffice/api-client';

/**
 * Spec §4: on localhost the app clears the stored token and session storage at start. A host page
 * (or a test harness) turns this off with `window.__BACKOFFICE_CONFIG__ = { clearSessionOnLocalhost: false }`.
 * Returns whether it cleared.
 */
export function clearSessionOnLocalhost(
  hostname: string = window.location.hostname,
  config: BackofficeRuntimeConfig = readRuntimeConfig(),
): boolean {
  if (hostname !== 'localhost' || config.clearSessionOnLocalhost === false) return false;
  clearToken();
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage may be blocked (privacy mode); nothing to clear then.
  }
  return true;
}
