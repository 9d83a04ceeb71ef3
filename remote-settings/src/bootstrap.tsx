import { mountStandalone } from '@backoffice/ui/standalone';
import { Navigate } from 'react-router-dom';
import SettingsPage from './pages/SettingsPage';

// Standalone run for this area's team; the shell does not load this file.
mountStandalone([
  { path: '/settings', Component: SettingsPage },
  { path: '*', element: <Navigate to="/settings" replace /> },
]);
