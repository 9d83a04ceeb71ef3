import { type IdleCallback, savesData, whenIdle } from '../idle';
import { loadRemoteModule } from './runtime';

const started = new Map<string, Promise<unknown>>();

/**
 * Loads a remote page ahead of a navigation: its entry, its chunks and the shared modules it needs,
 * through the very calls the route makes, so the navigation finds everything in memory and nothing
 * is fetched twice. A failure is forgotten (the route then shows its own error and retry).
 */
export function prefetchRemotePage(id: string): Promise<unknown> {
  let loading = started.get(id);
  if (!loading) {
    loading = loadRemoteModule(id).catch(() => started.delete(id));
    started.set(id, loading);
  }
  return loading;
}

/** Prefetches the pages one after another, each when the browser is idle, so none delays the page in use. */
export function prefetchWhenIdle(ids: string[], idle: IdleCallback = whenIdle): void {
  if (savesData()) return;
  const [first, ...rest] = ids;
  if (!first) return;
  idle(() => {
    void prefetchRemotePage(first).then(() => prefetchWhenIdle(rest, idle));
  });
}
