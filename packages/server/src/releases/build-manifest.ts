import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_NAME_MAX_LENGTH, RELEASE_NAME_PATTERN } from '@backoffice/contracts';
import { type Bundle, BundleError, bundleJson } from './bundle.js';

/**
 * What a build says about itself, read once when it is published and stored with the release
 * (`releases.manifest`): the compatibility gate and the pages' registry read this, never the files.
 */
export interface BuildManifest {
  kind: 'remote' | 'shell';
  /** The remote's name (`companies`), or `shell`. */
  name: string;
  /** The version its package declares (`1.0.0`); a release's version adds the content hash. */
  packageVersion: string;
  /** The contract it was built against (a remote) or speaks (the shell), when its build says. */
  contract: string | null;
  /** Its `remote.json` as built (the screens it declares), checked again whenever a page is served. */
  declaration: unknown;
  /** A remote's entry inside the build (`remoteEntry.js`); the shell's page (`index.html`). */
  entry: string;
  /** The modules a remote exposes (`CompaniesPage`). */
  exposes: string[];
  /** Shared module → the version range a remote requires of it (its Module Federation manifest's). */
  requires: Record<string, string>;
  /** Shared module → the version the shell provides. */
  provides: Record<string, string>;
}

/** The shell's name among the releases: it is published, promoted and rolled back like a remote. */
export const SHELL = 'shell';

interface MfManifest {
  name?: unknown;
  metaData?: { buildInfo?: { buildVersion?: unknown }; remoteEntry?: { name?: unknown; path?: unknown } };
  shared?: { name?: unknown; version?: unknown; requiredVersion?: unknown }[];
  exposes?: { name?: unknown }[];
}

interface DeclarationLike {
  name?: unknown;
  version?: unknown;
  contract?: unknown;
  shared?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A Module Federation name (`remote_<name>`) → `<name>`, for a build without `remote.json`. */
function nameFromFederationName(name: string): string | undefined {
  const match = /^remote_([a-z0-9_]+)$/.exec(name);
  return match ? (match[1] as string).replaceAll('_', '-') : undefined;
}

/** Reads a build's own description: `shell.json` or `remote.json`, and its `mf-manifest.json`. */
export function describeBuild(bundle: Bundle): BuildManifest {
  const mf = bundleJson(bundle, 'mf-manifest.json') as MfManifest | undefined;
  const shellJson = bundleJson(bundle, 'shell.json');
  const hasPage = bundle.files.some((file) => file.path === 'index.html');
  if (shellJson !== undefined || (hasPage && mf?.name === SHELL)) return describeShell(shellJson, mf);
  if (!mf || !isRecord(mf as unknown)) {
    throw new BundleError('The build has no mf-manifest.json: is this a remote’s dist folder (or the shell’s)?');
  }
  const declaration = bundleJson(bundle, 'remote.json');
  const declared = isRecord(declaration) ? (declaration as DeclarationLike) : {};
  const name = text(declared.name) ?? (typeof mf.name === 'string' ? nameFromFederationName(mf.name) : undefined);
  if (!name || !RELEASE_NAME_PATTERN.test(name) || name.length > RELEASE_NAME_MAX_LENGTH || name === SHELL) {
    throw new BundleError('The build does not name its remote (remote.json "name", or mf-manifest.json "name")');
  }
  const entryName = text(mf.metaData?.remoteEntry?.name);
  if (!entryName) throw new BundleError('mf-manifest.json names no remote entry (metaData.remoteEntry)');
  const entry = `${text(mf.metaData?.remoteEntry?.path) ?? ''}${entryName}`.replace(/^\/+/, '');
  if (!bundle.files.some((file) => file.path === entry)) {
    throw new BundleError(`mf-manifest.json names the entry ${entry}, which the build does not hold`);
  }
  const requires: Record<string, string> = {};
  for (const shared of mf.shared ?? []) {
    const module = text(shared.name);
    if (module) requires[module] = text(shared.requiredVersion) ?? '*';
  }
  // A declaration may name requirements its manifest does not (a workspace package it types against).
  if (isRecord(declared.shared)) {
    for (const [module, range] of Object.entries(declared.shared)) {
      if (typeof range === 'string' && !(module in requires)) requires[module] = range;
    }
  }
  return {
    kind: 'remote',
    name,
    packageVersion: text(declared.version) ?? text(mf.metaData?.buildInfo?.buildVersion) ?? '0.0.0',
    contract: text(declared.contract) ?? null,
    declaration: declaration ?? null,
    entry,
    exposes: (mf.exposes ?? []).flatMap((expose) => text(expose.name) ?? []),
    requires,
    provides: {},
  };
}

function describeShell(shellJson: unknown, mf: MfManifest | undefined): BuildManifest {
  const declared = isRecord(shellJson) ? shellJson : {};
  const provides: Record<string, string> = {};
  if (isRecord(declared.shared)) {
    for (const [module, version] of Object.entries(declared.shared)) {
      if (typeof version === 'string') provides[module] = version;
    }
  } else {
    for (const shared of mf?.shared ?? []) {
      const module = text(shared.name);
      const version = text(shared.version);
      if (module && version) provides[module] = version;
    }
  }
  return {
    kind: 'shell',
    name: SHELL,
    packageVersion: text(declared.version) ?? text(mf?.metaData?.buildInfo?.buildVersion) ?? '0.0.0',
    contract: text(declared.contract) ?? null,
    declaration: null,
    entry: 'index.html',
    exposes: [],
    requires: {},
    provides,
  };
}

/**
 * The version a build is published under unless one is given: its package's version and the first
 * ten hex digits of its content hash (`1.0.0-3f2a9c1b7d`), so the same build always gets the same
 * version and another build never does.
 */
export function defaultVersion(manifest: BuildManifest, contentHash: string): string {
  const cleaned = manifest.packageVersion.replace(/[^0-9A-Za-z._-]/g, '-').slice(0, 50);
  const base = /^[0-9]/.test(cleaned) ? cleaned : `0.0.0-${cleaned}`.slice(0, 50);
  return `${base}-${contentHash.slice(0, 10)}`;
}

/**
 * The shell build in a folder (the server's own `shell/dist`), as the gate reads it while no shell
 * release is promoted; undefined when the folder holds no shell build.
 */
export function describeShellDir(dir: string): BuildManifest | undefined {
  const read = (file: string): unknown => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const shellJson = read('shell.json');
  const mf = read('mf-manifest.json') as MfManifest | undefined;
  if (shellJson === undefined && mf?.name !== SHELL) return undefined;
  return describeShell(shellJson, mf);
}
