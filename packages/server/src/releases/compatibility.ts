import { screenPathsOverlap } from '@backoffice/contracts';
import semver from 'semver';
import type { BuildManifest } from './build-manifest.js';

/** A shell as the gate sees it: its version (for messages) and what its build says it provides. */
export interface ShellForGate {
  version: string;
  manifest: Pick<BuildManifest, 'provides' | 'contract'>;
}

/** A remote as the gate sees it. */
export interface RemoteForGate {
  name: string;
  version: string;
  manifest: Pick<BuildManifest, 'requires' | 'contract' | 'exposes' | 'declaration'>;
}

const major = (version: string | null) => (version ? semver.parse(version)?.major : undefined);

/**
 * One text field of each of a remote's declared screens (`remote.json` `screens[].expose`, `.path`); the
 * declaration comes from a stored build, so a screen without it is skipped rather than trusted.
 */
function declaredScreenField(declaration: unknown, field: 'expose' | 'path'): string[] {
  const screens = (declaration as { screens?: unknown } | null)?.screens;
  if (!Array.isArray(screens)) return [];
  return screens.flatMap((screen) => {
    const value = (screen as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' ? [value] : [];
  });
}

/**
 * Why `remote` cannot run in `shell`, one sentence each (empty when it can). Every shared module of
 * the project is a singleton the shell provides and a production remote brings no copy of
 * (`hostProvided`), so a requirement the shell's version does not satisfy is a broken remote at run
 * time — Module Federation would only log a warning. Also checked: the contract major, and that the
 * build exposes every module its declared screens render.
 */
export function incompatibilities(remote: RemoteForGate, shell: ShellForGate): string[] {
  const problems: string[] = [];
  const { requires, contract, exposes, declaration } = remote.manifest;
  const shellContract = shell.manifest.contract;
  if (contract && shellContract && major(contract) !== major(shellContract)) {
    problems.push(`it was built against contract ${contract}; the shell speaks contract ${shellContract}`);
  }
  for (const [module, range] of Object.entries(requires).sort(([a], [b]) => a.localeCompare(b))) {
    const provided = shell.manifest.provides[module];
    if (provided === undefined) {
      problems.push(`it requires ${module} ${range}; the shell does not provide ${module}`);
    } else if (semver.validRange(range) === null) {
      problems.push(`it requires ${module} in "${range}", which is not a version range`);
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push(`it requires ${module} ${range}; the shell provides ${module} ${provided}`);
    }
  }
  for (const expose of new Set(declaredScreenField(declaration, 'expose'))) {
    if (!exposes.includes(expose)) problems.push(`its screens need the expose ${expose}, which the build lacks`);
  }
  return problems;
}

/**
 * Why two remotes cannot be in use together, one sentence per screen of `remote` that would take pages
 * of `other`'s (the same path, or one overlapping it: `/login/*` over `/login`). A deploy key may
 * change its own remote only; without this, its build could take another team's pages — the product's
 * sign-in among them.
 */
export function screenClashes(remote: RemoteForGate, other: RemoteForGate): string[] {
  const theirs = declaredScreenField(other.manifest.declaration, 'path');
  return declaredScreenField(remote.manifest.declaration, 'path').flatMap((path) =>
    theirs
      .filter((their) => screenPathsOverlap(path, their))
      .map((their) => `its screen ${path} takes pages of ${other.name}@${other.version}'s screen ${their}`),
  );
}

/** The refusal as one `detail`: which build, against which shell, and every reason. */
export function incompatibilityDetail(remote: RemoteForGate, shell: ShellForGate, problems: string[]): string {
  return `${remote.name}@${remote.version} does not work with the shell ${shell.version}: ${problems.join('; ')}`;
}
