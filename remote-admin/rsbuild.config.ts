import { createRemoteConfig } from '@backoffice/federation/rsbuild';
import remote from './src/remote';

export default createRemoteConfig(remote);
