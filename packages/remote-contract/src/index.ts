import {
  firstDataProblem,
  type Screen,
  type ScreenAccess,
  type ScreenFirstDataSchema,
  type ScreenIcon,
  type ScreenRecordDataSchema,
  ScreenSchema,
  type ScreenSlot,
} from '@backoffice/contracts/remote-screens';
import type { ComponentType } from 'react';
import * as v from 'valibot';

/**
 * The contract between the shell and a remote, on the remote's side: a remote declares its screens
 * with `defineRemote` in `src/remote.ts` and types each exposed page with `expose`, so its own
 * typecheck fails when a page no longer fits what the shell calls — in the team's CI, not in production.
 * The build writes the declaration as `remote.json` (`@backoffice/federation/rsbuild`); the shell and
 * the server read nothing else about the remote.
 */

export {
  contractAccepts,
  federationName,
  REMOTE_CONTRACT_VERSION,
  SCREEN_ACCESS,
  SCREEN_ICONS,
  SCREEN_SLOTS,
  type ScreenAccess,
  type ScreenIcon,
  type ScreenSlot,
} from '@backoffice/contracts/remote-screens';

/** What an exposed page module gives the shell. */
export interface RemotePageModule {
  /** The page, rendered inside the shell's frame (or alone for a public screen). */
  default: ComponentType;
  /**
   * What the page asks for first, given its URL's search: the shell's route loader calls it as soon as
   * the module is loaded, so the page's data is on its way while the frame and the heading render.
   */
  prefetch?: (search: URLSearchParams) => void;
}

/** An exposed module: its file, relative to `src/` (`./pages/CompaniesPage`). */
export interface ExposedPage {
  readonly file: string;
}

/**
 * Declares an exposed page, checked against the contract:
 * `expose<typeof import('./pages/CompaniesPage')>('./pages/CompaniesPage')`. The type argument is
 * required (it is the check); the file is what the build exposes.
 */
export function expose<Module extends RemotePageModule = never>(
  file: string,
  ..._typeArgumentRequired: [Module] extends [never] ? ['pass the page module: expose<typeof import(…)>(…)'] : []
): ExposedPage {
  return { file };
}

/** A screen as a remote declares it: `expose` names one of its exposed pages. */
export interface ScreenDefinition<Expose extends string = string> {
  /** `/companies`, `/greetings/:id`, `/help/*` (see screenPathProblem in @backoffice/contracts). */
  path: string;
  expose: Expose;
  /** The document title while it is shown. */
  title: string;
  access: ScreenAccess;
  /** Its entry in the shell's menu, if it has one. */
  menu?: { label: string; icon: ScreenIcon; order: number };
  /** A link of the shell's frame that opens it: `profile` is the user menu's "Meu perfil". */
  slot?: ScreenSlot;
  /**
   * What the screen asks the API for first, which the page asks for as soon as it arrives, before any code
   * has loaded. A list: `list` (the API path), `pageSize`, the URL `params` passed on and their `defaults`
   * (see `firstDataQuery` in @backoffice/contracts); it must be the request the page's `prefetch` makes.
   * A list paged by a cursor (contract 1.3) leaves `pageSize` out, and names in `pageOnly` the parameters
   * only the page can read (with one in the URL, nothing is asked early).
   * A record (contract 1.2): `get`, API paths with the screen path's parameters (`/companies/:id/history`),
   * each a request the page makes for that record, as the API client writes it.
   */
  firstData?: v.InferInput<typeof ScreenFirstDataSchema> | v.InferInput<typeof ScreenRecordDataSchema>;
}

export interface RemoteDefinition<Expose extends string = string> {
  /** The remote's name: its folder is `remote-<name>`, its files are served under `/remotes/<name>/`. */
  name: string;
  exposes: Readonly<Record<Expose, ExposedPage>>;
  screens: readonly ScreenDefinition<NoInfer<Expose>>[];
}

/**
 * A remote's declaration. Checked when it is made (at build and at dev-server start), with the same
 * rules the server applies to `remote.json`: a wrong path, icon or access is the remote's own build error.
 */
export function defineRemote<const Expose extends string>(remote: RemoteDefinition<Expose>): RemoteDefinition<Expose> {
  const problems: string[] = [];
  for (const screen of remote.screens) {
    const result = v.safeParse(ScreenSchema, screen);
    if (!result.success) {
      problems.push(`${screen.path}: ${result.issues.map((issue) => issue.message).join('; ')}`);
    } else if (!Object.hasOwn(remote.exposes, screen.expose)) {
      problems.push(`${screen.path}: "${screen.expose}" is not among the remote's exposes`);
    } else {
      const problem = firstDataProblem(screen);
      if (problem) problems.push(problem);
    }
  }
  if (problems.length > 0) throw new Error(`remote "${remote.name}" declares invalid screens:\n${problems.join('\n')}`);
  return remote;
}

/** The screens as `remote.json` carries them (validated, defaults applied). */
export function declaredScreens(remote: RemoteDefinition): Screen[] {
  return remote.screens.map((screen) => v.parse(ScreenSchema, screen));
}
