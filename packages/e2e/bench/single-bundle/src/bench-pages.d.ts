/** Written by rsbuild.config.ts: every page the workspace's remotes expose, by `loadRemote` id. */
declare module '@bench/pages' {
  import type { RemotePageModule } from '@backoffice/remote-contract';
  export const pages: Record<string, () => Promise<RemotePageModule>>;
}
