import { Outlet } from 'react-router-dom';
import { DevOverrideBanner } from './DevOverrideBanner';
import { DocumentTitle } from './DocumentTitle';
import { NavigationProgress } from './NavigationProgress';

/** Every route renders inside: the navigation progress bar, the document title, a developer's banner, then the page. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <DevOverrideBanner />
      <Outlet />
    </>
  );
}
