import { createRemoteConfig } from '@backoffice/federation/rsbuild';

export default createRemoteConfig('companies', { title: 'Empresas' });
