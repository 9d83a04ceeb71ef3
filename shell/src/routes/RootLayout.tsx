import { Outlet } from 'react-router-dom';
import { NavigationProgress } from './NavigationProgress';

/** Every route renders inside: the navigation progress bar, then the page. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
