import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '@backoffice/server/testing/free-port';
import { type Product, REPO_ROOT } from './product.js';

const GREETINGS = path.join(REPO_ROOT, 'packages/e2e/fixtures/remote-greetings');
/** The build of the suite's fixture remote (`packages/e2e/fixtures/remote-greetings`), built by the root build. */
export const GREETINGS_DIST = path.join(GREETINGS, 'dist');
/** Its second build, from the same root build: the same screens with "Edição 2" on them. */
export const GREETINGS_EDITION_2_DIST = path.join(GREETINGS, 'dist-edition-2');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node packages/server/dist/cli.js remotes <args>` against a running product, as a team's terminal or
 * CI runs it (`--url` is the product's; credentials come from `env`: DEPLOY_KEY, or --user/--password).
 */
export function remotesCommand(product: Product, args: string[], env: Record<string, string> = {}) {
  return new Promise<CommandResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'packages/server/dist/cli.js'), 'remotes', ...args, '--url', product.url],
      { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * A copy of a remote's build whose Module Federation manifest requires `module` in `range` — what a
 * build made against another major of a shared library says of itself, which is all the release
 * store's gate reads. Its precompressed copies are rewritten too, so the build stays consistent.
 */
export function buildRequiring(dist: string, module: string, range: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-build-'));
  fs.cpSync(dist, dir, { recursive: true });
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion: string }[];
  };
  const shared = manifest.shared.find((entry) => entry.name === module);
  if (!shared) throw new Error(`${dist} does not share ${module}`);
  shared.requiredVersion = range;
  const text = JSON.stringify(manifest);
  fs.writeFileSync(manifestFile, text);
  fs.writeFileSync(`${manifestFile}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${manifestFile}.gz`, zlib.gzipSync(text));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A web root laid out as a checkout (`WEB_ROOT`): the product's own builds, linked. A team's new remote
 * is "deployed" into it with `deploy`, as its build would be: nothing of the shell or the server changes.
 */
export function productWebRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-webroot-'));
  const link = (folder: string, dist: string) => {
    fs.mkdirSync(path.join(root, folder), { recursive: true });
    fs.symlinkSync(dist, path.join(root, folder, 'dist'), 'dir');
  };
  for (const entry of fs.readdirSync(REPO_ROOT)) {
    if ((entry === 'shell' || entry.startsWith('remote-')) && fs.existsSync(path.join(REPO_ROOT, entry, 'dist'))) {
      link(entry, path.join(REPO_ROOT, entry, 'dist'));
    }
  }
  return {
    root,
    /** Puts a remote's build in place, as a deployment would. */
    deploy: (name: string, dist: string) => link(`remote-${name}`, dist),
    undeploy: (name: string) => fs.rmSync(path.join(root, `remote-${name}`), { recursive: true, force: true }),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

export interface DevServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Stands in for a developer's `rsbuild dev` of a remote: serves a remote's files from its own origin,
 * with CORS (the product's page reads its manifest and remote.json).
 */
export async function startDevServer(dir: string): Promise<DevServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
    fs.createReadStream(file).pipe(response);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
