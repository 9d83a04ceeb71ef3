import {
  apiErrors,
  DeployKeyCreatedSchema,
  DeployKeyCreateSchema,
  DeployKeySchema,
  DeployKeysSchema,
} from '@backoffice/contracts';
import { apiKeyRoutes } from '../http/api-key-routes.js';
import { toDeployKey } from '../http/public-views.js';

/**
 * Deploy keys (super users): one per remote's pipeline. A key publishes, promotes, canaries and rolls
 * back its own remote only (routes/remotes.ts); revoking it ends that at once, on every instance.
 */
export default apiKeyRoutes({
  path: '/deploy-keys',
  tag: 'deploy keys',
  store: (app) => app.deployKeys,
  toPublic: toDeployKey,
  schemas: {
    create: DeployKeyCreateSchema,
    created: DeployKeyCreatedSchema,
    key: DeployKeySchema,
    keys: DeployKeysSchema,
  },
  read: ({ name, remote }) => ({ name, scope: { remote } }),
  notFound: apiErrors.deployKeyNotFound,
  docs: {
    list: {
      summary: 'List deploy keys (super users)',
      description: 'Newest first, revoked keys included (`revoked_at` set). Never the key itself, only its `prefix`.',
    },
    create: {
      summary: 'Create a deploy key (super users)',
      description:
        'For one remote (`remote`: `companies`, or `shell`): the key may publish and change what users get of that ' +
        'remote only. The answer carries the key in `key`, this once: only its hash is stored.',
    },
    revoke: {
      summary: 'Revoke a deploy key (super users)',
      description: 'The key stops working at once, on every instance. Revoking a revoked key changes nothing.',
    },
  },
});
