import { mountStandalone } from '@backoffice/ui';
import { Navigate } from 'react-router-dom';
import Login from './pages/Login';
import RecoverPassword from './pages/RecoverPassword';
import ResetPassword from './pages/ResetPassword';
import Signup from './pages/Signup';

// Standalone run for this area's team; the shell does not load this file.
mountStandalone([
  { path: '/login', Component: Login },
  { path: '/signup', Component: Signup },
  { path: '/recover-password', Component: RecoverPassword },
  { path: '/reset-password', Component: ResetPassword },
  { path: '*', element: <Navigate to="/login" replace /> },
]);
