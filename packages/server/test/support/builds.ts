import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the shell of these tests provides (its `shell.json`), as the real one does. */
export const SHELL_PROVIDES: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0',
  '@chakra-ui/react/button': '3.37.0',
  '@backoffice/ui': '1.0.0',
};

const REMOTE_REQUIRES: Record<string, string> = {
  react: '^19.3.0',
  'react-dom': '^19.3.0',
  '@chakra-ui/react/button': '^3.37.0',
  '@backoffice/ui': '^1.0.0',
};

function write(root: string, file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

export function tempDir(prefix = 'backoffice-build-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface FakeRemote {
  name?: string;
  packageVersion?: string;
  /** Text inside its page chunk: two builds with different markers differ. */
  marker?: string;
  requires?: Record<string, string>;
  exposes?: string[];
  screens?: { path: string; expose: string }[];
  contract?: string;
  /** Leave out `remote.json` (a build from before remotes declared themselves). */
  noDeclaration?: boolean;
  /** More files of the build, by path (`embed/v1/embed.js`). */
  files?: Record<string, string>;
}

/**
 * A remote's `dist/` laid out as the real builds are: `remote.json`, `mf-manifest.json`, the entry, a
 * hashed page chunk (its name from its content) with its precompressed copies.
 */
export function fakeRemoteBuild(into: string, options: FakeRemote = {}): string {
  const name = options.name ?? 'greetings';
  const marker = options.marker ?? 'v1';
  const exposes = options.exposes ?? ['GreetingsPage'];
  const chunkSource = `export default "greetings ${marker}";`;
  const chunkHash = Buffer.from(marker).toString('hex').padEnd(10, '0').slice(0, 10);
  const chunk = `static/js/async/page.${chunkHash}.js`;
  const requires = options.requires ?? REMOTE_REQUIRES;
  write(into, chunk, chunkSource);
  write(into, `${chunk}.br`, zlib.brotliCompressSync(chunkSource));
  write(into, `${chunk}.gz`, zlib.gzipSync(chunkSource));
  write(into, 'remoteEntry.js', `var remote_${name.replaceAll('-', '_')} = { chunk: "${chunk}" };`);
  for (const [file, content] of Object.entries(options.files ?? {})) write(into, file, content);
  write(
    into,
    'mf-manifest.json',
    JSON.stringify({
      name: `remote_${name.replaceAll('-', '_')}`,
      metaData: {
        buildInfo: { buildVersion: options.packageVersion ?? '1.0.0' },
        remoteEntry: { name: 'remoteEntry.js', path: '' },
      },
      shared: Object.entries(requires).map(([module, range]) => ({
        name: module,
        version: '',
        singleton: true,
        requiredVersion: range,
      })),
      exposes: exposes.map((expose) => ({ name: expose, path: `./${expose}` })),
    }),
  );
  if (!options.noDeclaration) {
    write(
      into,
      'remote.json',
      JSON.stringify({
        name,
        version: options.packageVersion ?? '1.0.0',
        contract: options.contract ?? '1.0.0',
        // Each remote its own page (/greetings, /hello): two remotes in use never share a path (the gate refuses it).
        screens: (options.screens ?? [{ path: `/${name}`, expose: exposes[0] ?? 'GreetingsPage' }]).map((screen) => ({
          ...screen,
          title: 'Saudações',
          access: 'signed-in',
        })),
        exposes,
        shared: requires,
      }),
    );
  }
  return into;
}

/** The shell's `dist/`: its page, a hashed script, `mf-manifest.json` and `shell.json`. */
export function fakeShellBuild(
  into: string,
  options: { provides?: Record<string, string>; contract?: string; marker?: string } = {},
): string {
  const marker = options.marker ?? 's1';
  const script = `static/js/index.${Buffer.from(marker).toString('hex').padEnd(10, '0').slice(0, 10)}.js`;
  write(into, script, `console.log("shell ${marker}")`);
  write(
    into,
    'index.html',
    `<!doctype html><html><head><title>shell</title><script defer src="/${script}"></script></head><body></body></html>`,
  );
  const provides = options.provides ?? SHELL_PROVIDES;
  write(
    into,
    'mf-manifest.json',
    JSON.stringify({
      name: 'shell',
      metaData: { buildInfo: { buildVersion: '1.0.0' } },
      shared: Object.entries(provides).map(([name, version]) => ({ name, version })),
    }),
  );
  write(
    into,
    'shell.json',
    JSON.stringify({ version: '1.0.0', contract: options.contract ?? '1.0.0', shared: provides }),
  );
  return into;
}

/** The body `POST /remotes/{remote}/releases` takes for a build folder. */
export function uploadBody(
  dir: string,
  version?: string,
): { version?: string; files: { path: string; content: string }[] } {
  const files: { path: string; content: string }[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else files.push({ path: relative, content: fs.readFileSync(path.join(dir, relative)).toString('base64') });
    }
  };
  walk('');
  return { ...(version ? { version } : {}), files };
}
