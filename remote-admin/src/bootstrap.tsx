import { mountStandalone } from '@backoffice/ui/standalone';
import { Navigate } from 'react-router-dom';
import AdminPage from './pages/AdminPage';

// Standalone run for this area's team; the shell does not load this file.
mountStandalone([
  { path: '/admin', Component: AdminPage },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);
