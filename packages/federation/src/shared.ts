import { CHAKRA_SPECIFIERS, type ChakraEntry } from './chakra.js';

const CHAKRA_PREFIX = '@chakra-ui/react/';

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
   * Which shared modules go into the first bundle instead of a chunk each. Only the shell (the
   * platform owner, loaded first) may share eagerly; remotes keep their async boundary and never set it.
   */
  eager?: (name: string) => boolean;
}

export function createSharedConfig(options: SharedOptions = {}): Record<string, SharedEntry> {
  const entry = (name: string, requiredVersion: string): SharedEntry =>
    options.eager?.(name) ? { singleton: true, requiredVersion, eager: true } : { singleton: true, requiredVersion };
  const shared: Record<string, SharedEntry> = {};
  for (const [name, range] of Object.entries(SHARED_VERSION_RANGES)) shared[name] = entry(name, range);
  for (const specifier of CHAKRA_SPECIFIERS) shared[specifier] = entry(specifier, CHAKRA_VERSION_RANGE);
  return shared;
}

/**
 * Chakra entries the shell's first paint needs: its frame and everything `@backoffice/ui` imports.
 * An eager module may only import eager shared modules; a test keeps this list complete.
 */
export const SHELL_EAGER_CHAKRA_ENTRIES = [
  'styled-system',
  'box',
  'button',
  'card',
  'center',
  'dialog',
  'drawer',
  'field',
  'flex',
  'heading',
  'icon',
  'input',
  'input-group',
  'menu',
  'portal',
  'simple-grid',
  'skeleton',
  'spinner',
  'stack',
  'text',
  'toast',
  'tooltip',
] as const satisfies readonly ChakraEntry[];

/**
 * The shell's eager set (DESIGN §3: the platform owner may share eagerly what its first paint
 * needs): every non-Chakra shared package and the Chakra entries above. Measured on the production
 * build: the first screen loads 5 JS files instead of ~50, with slightly fewer bytes.
 */
export function isShellEager(name: string): boolean {
  if (!name.startsWith(CHAKRA_PREFIX)) return true;
  return (SHELL_EAGER_CHAKRA_ENTRIES as readonly string[]).includes(name.slice(CHAKRA_PREFIX.length));
}
