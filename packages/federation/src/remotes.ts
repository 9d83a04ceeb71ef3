import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Names and files every app agrees on. Which remotes exist is not listed anywhere: a remote is a
 * `remote-<name>/` folder of the workspace (for builds and dev servers) and, at run time, whatever the
 * registry says (each build's `remote.json`, read by the server).
 */

export const SHELL_NAME = 'shell';
export const SHELL_DEV_PORT = 3000;
/** The manifest file name every remote build emits. */
export const MANIFEST_FILE = 'mf-manifest.json';
/** What a remote's build says about itself: name, version, contract, screens, exposes, shared modules. */
export const REMOTE_DECLARATION_FILE = 'remote.json';
/** What the shell's build says it provides: contract version and shared modules with their versions. */
export const SHELL_DECLARATION_FILE = 'shell.json';

/** Production path of a remote's build on the serving origin, e.g. `/remotes/auth/`. */
export function remoteBasePath(name: string): string {
  return `/remotes/${name}/`;
}

/** This repository's root. */
export const WORKSPACE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The `backoffice` block of a remote's package.json. */
export interface RemotePackageSettings {
  /** Port of its standalone dev server (`rsbuild dev`), unique in the workspace. */
  devPort: number;
}

export interface WorkspaceRemote {
  /** `companies` for the folder `remote-companies`. */
  name: string;
  packageName: string;
  version: string;
  /** Absolute folder of the package. */
  dir: string;
  devPort: number;
}

interface PackageJson {
  name?: string;
  version?: string;
  backoffice?: Partial<RemotePackageSettings>;
}

/** A remote package's own settings, read from its package.json (its folder: `dir`). */
export function readRemotePackage(dir: string): WorkspaceRemote {
  const file = path.join(dir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;
  const folder = path.basename(dir);
  const devPort = pkg.backoffice?.devPort;
  if (!folder.startsWith('remote-')) throw new Error(`${dir}: a remote's folder is named remote-<name>`);
  if (!Number.isInteger(devPort)) throw new Error(`${file}: "backoffice": { "devPort": <port> } is missing`);
  return {
    name: folder.slice('remote-'.length),
    packageName: pkg.name ?? folder,
    version: pkg.version ?? '0.0.0',
    dir,
    devPort: devPort as number,
  };
}

/** The remotes of this workspace: every `remote-<name>/` folder at its root that has a package.json. */
export function workspaceRemotes(root: string = WORKSPACE_ROOT): WorkspaceRemote[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
    .filter((entry) => fs.existsSync(path.join(root, entry.name, 'package.json')))
    .map((entry) => readRemotePackage(path.join(root, entry.name)))
    .sort((a, b) => a.name.localeCompare(b.name));
}
