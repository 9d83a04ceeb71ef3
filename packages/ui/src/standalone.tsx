import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { renderApp } from './app-root.js';

/**
 * Runs a remote on its own for its team (`pnpm --filter remote-x dev`), with the same providers the
 * shell gives it. Not used when the shell loads the remote.
 */
export function mountStandalone(routes: RouteObject[], container = document.getElementById('root')): void {
  if (!container) throw new Error('No #root element to render into');
  renderApp(container, createBrowserRouter(routes));
}
