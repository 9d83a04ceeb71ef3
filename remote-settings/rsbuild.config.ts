import { createRemoteConfig } from '@backoffice/federation/rsbuild';

export default createRemoteConfig('settings', { title: 'Configurações' });
