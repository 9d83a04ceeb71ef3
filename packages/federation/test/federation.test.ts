import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExposedPage, federationName, type RemoteDefinition } from '@backoffice/remote-contract';
import type { RsbuildConfig } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import {
  CHAKRA_ENTRIES,
  CHAKRA_SPECIFIERS,
  CHAKRA_VERSION_RANGE,
  createSharedConfig,
  isShellEager,
  SHARED_FACADES,
  SHARED_VERSION_RANGES,
  SHELL_EAGER_CHAKRA_ENTRIES,
  workspaceRemotes,
} from '../src/index.js';
import { createRemoteConfig, DEV_DIST_PATH } from '../src/rsbuild.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const REMOTE_PACKAGES = workspaceRemotes().map((remote) => remote.packageName);
const APPS = ['shell', ...REMOTE_PACKAGES];

/** Each workspace remote's declaration (`src/remote.ts`), as its build reads it. */
const declarations = await Promise.all(
  workspaceRemotes().map(async (remote) => ({
    remote,
    definition: ((await import(join(remote.dir, 'src/remote.ts'))) as { default: RemoteDefinition }).default,
  })),
);

/** `^a.b.c` accepts `x.y.z` when majors match (minor/patch for 0.x) and x.y.z ≥ a.b.c. */
function caretAccepts(range: string, version: string): boolean {
  const [ra, rb, rc] = range.replace(/^\^/, '').split('.').map(Number) as [number, number, number];
  const [va, vb, vc] = version.split('.').map(Number) as [number, number, number];
  if (ra > 0 ? va !== ra : va !== 0 || vb !== rb) return false;
  return va > ra || vb > rb || (vb === rb && vc >= rc);
}

function installedVersion(pkg: string, from: string): string {
  // The app's own node_modules link (pnpm), not `require.resolve`: some packages hide package.json.
  const manifest = join(root, from, 'node_modules', pkg.replace(/\/$/, ''), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

function chakraImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(@chakra-ui\/react[^']*)'/g)].map((m) => m[1] as string);
}

/** Chakra entries a file imports statically (not through a lazy `import()`). */
function staticChakraImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(@chakra-ui\/react[^']*)'/g)].map((m) => m[1] as string);
}

/** Names imported (not types) from `module` by a file. */
function namedImports(file: string, module: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gs)) {
    if (m[3] !== module || m[1]) continue;
    for (const raw of (m[2] as string).split(',')) {
      const name = raw.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

/**
 * The files a module loads at once: its static imports, followed through relative paths and into
 * `@backoffice/ui` (the shared core), and eager `import()`s (same chunk), but not through lazy `import()`s.
 */
function staticImportGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = specifier === '@backoffice/ui' ? join(root, 'packages/ui/src/index') : join(from, '..', specifier);
    for (const candidate of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.js$/, '.tsx'),
    ]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // try the next extension
      }
    }
    return undefined;
  };
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Static imports, and imports in the same chunk (`webpackMode: "eager"`: evaluated later, loaded with it).
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms),
      ...text.matchAll(/import\(\/\* webpackMode: "eager" \*\/ '([^']+)'\)/g),
    ];
    for (const m of specifiers) {
      const specifier = m[1] as string;
      if (!specifier.startsWith('.') && specifier !== '@backoffice/ui') continue;
      const target = resolve(file, specifier);
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

describe('shared singleton map', () => {
  const shared = createSharedConfig();

  it('shares every DESIGN §3 package as a singleton with an explicit range and no strictVersion', () => {
    for (const name of [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router-dom',
      '@tanstack/react-query',
      '@emotion/react',
      'next-themes',
      '@backoffice/api-client',
      '@backoffice/ui',
      '@backoffice/contracts',
      ...CHAKRA_SPECIFIERS,
    ]) {
      const entry = shared[name];
      expect(entry, name).toBeDefined();
      expect(entry?.singleton).toBe(true);
      expect(entry?.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(entry).not.toHaveProperty('strictVersion');
      expect(entry).not.toHaveProperty('eager');
    }
    expect(shared['@chakra-ui/react']).toBeUndefined();
  });

  it('has ranges that accept the versions every app installs', () => {
    for (const app of APPS) {
      for (const [name, range] of Object.entries(SHARED_VERSION_RANGES)) {
        expect(caretAccepts(range, installedVersion(name, app)), `${app}: ${name} ${range}`).toBe(true);
      }
      expect(caretAccepts(CHAKRA_VERSION_RANGE, installedVersion('@chakra-ui/react', app))).toBe(true);
    }
  });

  it('is the one map every app build uses', () => {
    for (const app of APPS) {
      const config = readFileSync(join(root, app, 'rsbuild.config.ts'), 'utf8');
      expect(config, app).toMatch(app === 'shell' ? /createSharedConfig\(/ : /createRemoteConfig\(remote\b/);
      expect(config, app).not.toMatch(/shared:\s*\{/);
    }
  });
});

describe('facades', () => {
  const routerFacade = join(root, 'packages/federation/src/facades/react-router-dom.ts');
  const facadeExports = new Set(
    [...readFileSync(routerFacade, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
      (m[1] as string)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  );

  it('provide react-router-dom from the facade at the installed version', () => {
    const entry = createSharedConfig()['react-router-dom'];
    expect(entry?.import).toBe(SHARED_FACADES['react-router-dom']?.import);
    expect(entry?.version).toBe(installedVersion('react-router', 'shell'));
    expect(installedVersion('react-router-dom', 'shell')).toBe(entry?.version);
  });

  it('re-export every router API an app imports, and no app bypasses the facade', () => {
    // The browser suite's fixture remote too: it reads a route parameter, as a team's screen would.
    for (const dir of [...APPS, 'packages/ui', 'packages/e2e/fixtures/remote-greetings']) {
      for (const file of sourceFiles(join(root, dir, 'src'))) {
        const where = relative(root, file);
        // react-router itself lives inside the facade: a direct import would be a second router.
        expect(readFileSync(file, 'utf8'), where).not.toMatch(/from\s+'react-router(?:\/[^']*)?'/);
        if (where.includes('/embed/') || where.includes('/testing/')) continue; // not federated
        for (const name of namedImports(file, 'react-router-dom')) {
          expect(facadeExports.has(name), `${where} imports ${name} from react-router-dom`).toBe(true);
        }
      }
    }
  });
});

describe('chakra entries', () => {
  /**
   * What only the UI system imports of Chakra, bundled inside the shared @backoffice/ui rather than shared: the
   * theme's tokens and recipes it is built from, and the version its global styles are named by.
   */
  const SYSTEM_ONLY: Record<string, string[]> = {
    '@chakra-ui/react/theme': [
      'packages/ui/src/system.ts',
      'packages/ui/src/product-tokens.ts',
      // The test of the cut reads Chakra's own theme to know what was left out.
      'packages/ui/test/product-tokens.test.ts',
    ],
    '@chakra-ui/react/preset-base': ['packages/ui/src/system.ts'],
    '@chakra-ui/react/package.json': ['packages/ui/src/system-global.ts'],
  };

  it('apps and shared packages import Chakra only through the shared entries', () => {
    const allowed = new Set<string>(CHAKRA_SPECIFIERS);
    for (const dir of [...APPS, 'packages/ui']) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const specifier of chakraImports(file)) {
          const where = relative(root, file);
          if (SYSTEM_ONLY[specifier]) {
            expect(SYSTEM_ONLY[specifier], `${where} imports ${specifier}`).toContain(where);
            continue;
          }
          expect(allowed.has(specifier), `${where} imports ${specifier}`).toBe(true);
        }
      }
    }
  });

  it('the shell shares eagerly every entry its first paint imports (an eager module cannot wait for a lazy one)', () => {
    const eager = new Set(SHELL_EAGER_CHAKRA_ENTRIES.map((entry) => `@chakra-ui/react/${entry}`));
    const firstPaint = staticImportGraph([join(root, 'shell/src/index.ts')]);
    expect(firstPaint.map((f) => relative(root, f))).toContain('packages/ui/src/toaster.tsx');
    expect(firstPaint.map((f) => relative(root, f))).not.toContain('shell/src/layout/AppFrame.tsx');
    for (const file of firstPaint) {
      for (const specifier of staticChakraImports(file)) {
        if (SYSTEM_ONLY[specifier]) continue;
        expect(eager.has(specifier), `${relative(root, file)} imports lazy ${specifier}`).toBe(true);
      }
    }
    expect(isShellEager('react')).toBe(true);
    expect(isShellEager('@chakra-ui/react/button')).toBe(true);
    expect(isShellEager('@chakra-ui/react/tabs')).toBe(false);
  });

  it('the public account pages find every entry they use already loaded (no extra round trip at /login)', () => {
    const eager = new Set(SHELL_EAGER_CHAKRA_ENTRIES.map((entry) => `@chakra-ui/react/${entry}`));
    const publicScreens = declarations.flatMap(({ remote, definition }) =>
      definition.screens
        .filter((screen) => screen.access === 'public')
        .map((screen) => join(remote.dir, 'src', definition.exposes[screen.expose]?.file ?? '')),
    );
    expect(publicScreens.length).toBeGreaterThan(0);
    const pages = publicScreens.map((file) => [`${file}.tsx`, `${file}.ts`].find((f) => existsSync(f)) as string);
    for (const file of staticImportGraph(pages)) {
      for (const specifier of staticChakraImports(file)) {
        if (SYSTEM_ONLY[specifier]) continue;
        expect(eager.has(specifier), `${relative(root, file)} imports lazy ${specifier}`).toBe(true);
      }
    }
  });

  it('the shell provides every shared entry', () => {
    const provided = chakraImports(join(root, 'shell/src/federation/provide-shared.ts'));
    expect([...provided].sort()).toEqual([...CHAKRA_SPECIFIERS].sort());
    expect(new Set(CHAKRA_ENTRIES).size).toBe(CHAKRA_ENTRIES.length);
  });
});

describe('remotes', () => {
  it('are found in the workspace, each with its own dev port and a declaration named after its folder', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(4);
    const ports = declarations.map(({ remote }) => remote.devPort);
    expect(new Set([...ports, 3000]).size).toBe(ports.length + 1);
    for (const { remote, definition } of declarations) expect(definition.name, remote.dir).toBe(remote.name);
  });

  it('expose files that exist', () => {
    for (const { remote, definition } of declarations) {
      for (const [name, page] of Object.entries<ExposedPage>(definition.exposes)) {
        const file = join(remote.dir, 'src', page.file);
        expect(
          [`${file}.tsx`, `${file}.ts`].some((f) => existsSync(f)),
          `${remote.packageName}: ${name}`,
        ).toBe(true);
      }
    }
  });

  it('run their dev server without touching dist, which the API server may be serving', () => {
    const found = declarations.find((d) => d.remote.name === 'companies');
    if (!found) throw new Error('remote-companies is not in the workspace');
    const { remote, definition } = found;
    const configFor = createRemoteConfig(definition, { root: remote.dir }) as unknown as (env: {
      envMode: string;
    }) => RsbuildConfig;
    const dev = configFor({ envMode: 'development' });
    const production = configFor({ envMode: 'production' });
    expect(production.output?.distPath).toEqual({ root: 'dist' });
    expect(production.output?.cleanDistPath).toBe(true);
    expect(dev.output?.distPath).toEqual({ root: DEV_DIST_PATH });
    expect(DEV_DIST_PATH).not.toBe('dist');
    expect(dev.output?.cleanDistPath).toBe(false);
    expect(dev.server?.port).toBe(remote.devPort);
  });

  it('are named nowhere in the shell or the server: both learn them from the registry', () => {
    const routes = declarations.flatMap(({ definition }) => definition.screens.map((screen) => screen.path));
    const names = declarations.flatMap(({ remote }) => [remote.packageName, federationName(remote.name)]);
    for (const dir of ['shell/src', 'packages/server/src']) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        // The API's own routes (`/api/v1/companies/:id`) may share a screen's path: names still may not.
        const apiRoutes = file.includes(join('packages', 'server', 'src', 'routes'));
        for (const word of [...names, ...(apiRoutes ? [] : routes.map((path) => `'${path}'`))]) {
          expect(text.includes(word), `${relative(root, file)} names ${word}`).toBe(false);
        }
      }
    }
  });
});
