import { createRemoteConfig } from '@backoffice/federation/rsbuild';

export default createRemoteConfig('admin', { title: 'Usuários' });
