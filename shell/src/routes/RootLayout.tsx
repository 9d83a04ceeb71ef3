import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { requestTakeOver } from '../first-paint/takeover';
import { DevOverrideBanner } from './DevOverrideBanner';
import { DocumentTitle } from './DocumentTitle';
import { NavigationProgress } from './NavigationProgress';

/** Every route renders inside: the navigation progress bar, the document title, a developer's banner, then the page. */
export function RootLayout() {
  // The first commit with the route's page: the prerendered first paint can go (first-paint/takeover.ts).
  useLayoutEffect(requestTakeOver, []);
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <DevOverrideBanner />
      <Outlet />
    </>
  );
}
