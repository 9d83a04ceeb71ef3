import { createRequire } from 'node:module';
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
  /**
   * The module that provides this shared name, when it is not the package itself (a facade), or
   * `false` when this build provides nothing and uses what the host provides.
   */
  import?: string | false;
  /** The version a facade provides (a package's own is read from its package.json). */
  version?: string;
}

const require = createRequire(import.meta.url);

/**
 * Shared names provided by a facade that re-exports only what the apps use (a test keeps each list
 * complete). `react-router` itself is then not shared: it lives inside the facade, tree-shaken,
 * and apps never import it directly (also tested), so there is one router at run time.
 */
export const SHARED_FACADES: Record<string, { import: string; version: string }> = {
  'react-router-dom': {
    import: '@backoffice/federation/facades/react-router-dom',
    version: (require('react-router/package.json') as { version: string }).version,
  },
};

export interface SharedOptions {
  /**
   * Which shared modules go into the first bundle instead of a chunk each. Only the shell (the
   * platform owner, loaded first) may share eagerly; remotes keep their async boundary and never set it.
   */
  eager?: (name: string) => boolean;
  /**
   * Use the host's shared modules without building a fallback copy. Production remotes run only
   * inside the shell, which provides every shared module (tested), so a copy of their own would
   * never load: it would only make each `remoteEntry.js` and build larger. Dev keeps the copies
   * for the standalone run.
   */
  hostProvided?: boolean;
}

export function createSharedConfig(options: SharedOptions = {}): Record<string, SharedEntry> {
  const entry = (name: string, requiredVersion: string): SharedEntry => ({
    singleton: true,
    requiredVersion,
    ...(options.eager?.(name) ? { eager: true } : {}),
    ...SHARED_FACADES[name],
    ...(options.hostProvided ? { import: false as const } : {}),
  });
  const shared: Record<string, SharedEntry> = {};
  for (const [name, range] of Object.entries(SHARED_VERSION_RANGES)) shared[name] = entry(name, range);
  for (const specifier of CHAKRA_SPECIFIERS) shared[specifier] = entry(specifier, CHAKRA_VERSION_RANGE);
  return shared;
}

/**
 * Chakra entries the shell's first paint needs: its root (spinner, error panels, not-found), the
 * core of `@backoffice/ui` and the public account pages (login, sign-up, recovery). The signed-in
 * frame (menu, drawer, tooltip, cards) is a lazy chunk of the shell and loads its entries with it.
 * An eager module may only import eager shared modules; a test walks the first paint's imports.
 */
export const SHELL_EAGER_CHAKRA_ENTRIES = [
  'styled-system',
  'alert',
  'box',
  'button',
  'center',
  'field',
  'heading',
  'icon',
  'input',
  'input-group',
  'link',
  'portal',
  'spinner',
  'stack',
  'text',
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
