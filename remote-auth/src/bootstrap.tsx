import { getToken, logout } from '@backoffice/api-client';
import { mountStandalone } from '@backoffice/ui/standalone';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Navigate, redirect } from 'react-router-dom';
import { messages } from './messages';
import Login from './pages/Login';
import RecoverPassword from './pages/RecoverPassword';
import ResetPassword from './pages/ResetPassword';
import RevertEmailChange from './pages/RevertEmailChange';
import Signup from './pages/Signup';
import { paths } from './paths';

// Standalone run for this area's team; the shell does not load this file (it has its own guard).
const publicOnly = () => (getToken() ? redirect(paths.home) : null);

/** Stands in for the shell's dashboard, where a login leads. */
function StandaloneHome() {
  if (!getToken()) return <Navigate to={paths.login} replace />;
  return (
    <Stack as="main" gap="4" p="8" align="flex-start">
      <Text>{messages.standaloneSignedIn}</Text>
      <Button onClick={() => void logout()}>{messages.standaloneLogout}</Button>
    </Stack>
  );
}

mountStandalone([
  { path: paths.home, Component: StandaloneHome },
  { path: paths.login, loader: publicOnly, Component: Login },
  { path: paths.signup, loader: publicOnly, Component: Signup },
  { path: paths.recoverPassword, loader: publicOnly, Component: RecoverPassword },
  { path: paths.resetPassword, loader: publicOnly, Component: ResetPassword },
  { path: paths.revertEmailChange, Component: RevertEmailChange },
  { path: '*', element: <Navigate to={paths.login} replace /> },
]);
