import { createRemoteConfig } from '@backoffice/federation/rsbuild';
import remote from './src/remote';

export default createRemoteConfig(remote, {
  // A reset link carries its token: the first paint is the page checking it, as a visitor sees it.
  prerenderAt: { ResetPassword: '/reset-password?token=link' },
});
