/**
 * What an exposed page gives the shell: one definition, in `@backoffice/remote-contract`, which each
 * remote's own typecheck uses (`expose<typeof import(…)>`), so both sides of the boundary agree.
 */
export type { RemotePageModule } from '@backoffice/remote-contract';
