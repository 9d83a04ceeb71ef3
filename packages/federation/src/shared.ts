import { CHAKRA_SPECIFIERS } from './chakra.js';

/**
 * The one shared-singleton map of every app (DESIGN §3). Each entry carries an explicit semver range
 * (never `workspace:*`) and no `strictVersion`: a version mismatch logs a warning instead of killing
 * a remote. A test checks that every range accepts the installed version.
 */
export const SHARED_VERSION_RANGES = {
  react: '^19.3.0',
  'react/': '^19.3.0',
  'react-dom': '^19.3.0',
  'react-dom/': '^19.3.0',
  'react-router': '^7.18.0',
  'react-router-dom': '^7.18.0',
  '@tanstack/react-query': '^5.108.0',
  '@emotion/react': '^11.14.0',
  'next-themes': '^0.4.6',
  '@backoffice/api-client': '^1.0.0',
  '@backoffice/ui': '^1.0.0',
  '@backoffice/contracts': '^1.0.0',
} as const;

export const CHAKRA_VERSION_RANGE = '^3.37.0';

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
}

export interface SharedOptions {
  /**
   * Only the shell (the platform owner, loaded first) may share eagerly; remotes keep their async
   * boundary and never set it.
   */
  eager?: boolean;
}

export function createSharedConfig(options: SharedOptions = {}): Record<string, SharedEntry> {
  const entry = (requiredVersion: string): SharedEntry =>
    options.eager ? { singleton: true, requiredVersion, eager: true } : { singleton: true, requiredVersion };
  const shared: Record<string, SharedEntry> = {};
  for (const [name, range] of Object.entries(SHARED_VERSION_RANGES)) shared[name] = entry(range);
  for (const specifier of CHAKRA_SPECIFIERS) shared[specifier] = entry(CHAKRA_VERSION_RANGE);
  return shared;
}
