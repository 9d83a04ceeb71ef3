import type { RemotePageModule } from '@backoffice/remote-contract';
import { pages } from '@bench/pages';

/** Stands in for the shell's federation runtime: the pages are part of this one build (rsbuild.config.ts). */
export class RemoteLoadError extends Error {}

export const remoteNameOf = (id: string) => id.split('/')[0] ?? id;

export function loadRemoteModule(id: string): Promise<RemotePageModule> {
  const load = pages[id];
  return load ? load() : Promise.reject(new RemoteLoadError(`${id} is not in this build`));
}
