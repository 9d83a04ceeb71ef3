import { createRemoteConfig } from '@backoffice/federation/rsbuild';

export default createRemoteConfig('auth', { title: 'Conta' });
