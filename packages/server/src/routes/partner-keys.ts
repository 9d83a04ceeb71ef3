import {
  apiErrors,
  PartnerKeyCreatedSchema,
  PartnerKeyCreateSchema,
  PartnerKeySchema,
  PartnerKeysSchema,
} from '@backoffice/contracts';
import { apiKeyRoutes } from '../http/api-key-routes.js';
import { toPartnerKey } from '../http/public-views.js';

/**
 * Partner keys (super users): one per portal that embeds the companies screen. The portal's server
 * exchanges its key at `POST /embed/token` (embed.ts); revoking it ends that at once.
 */
export default apiKeyRoutes({
  path: '/partner-keys',
  tag: 'partner keys',
  store: (app) => app.partnerKeys,
  toPublic: toPartnerKey,
  schemas: {
    create: PartnerKeyCreateSchema,
    created: PartnerKeyCreatedSchema,
    key: PartnerKeySchema,
    keys: PartnerKeysSchema,
  },
  read: ({ name, origins, access }) => ({ name, scope: { origins, access } }),
  notFound: apiErrors.partnerKeyNotFound,
  docs: {
    list: {
      summary: 'List partner keys (super users)',
      description:
        'Newest first, revoked keys included (`revoked_at` set). Never the key itself: only its `prefix`, the ' +
        'public beginning that tells which key a portal holds.',
    },
    create: {
      summary: 'Create a partner key (super users)',
      description:
        'For one portal: `origins` are the web origins its pages are served from (`https://host[:port]`, no ' +
        'path, no `*`), `access` is `read` (the default: list, read, export) or `read-write` (also create, ' +
        'edit and delete). The answer carries the key in `key`, this once: only its hash is stored.',
    },
    revoke: {
      summary: 'Revoke a partner key (super users)',
      description:
        'The key stops working at once, on every instance: its exchange is refused, and so is every embed ' +
        'token issued for it, on their next request. Revoking a revoked key changes nothing.',
    },
  },
  // The origins allowed to embed follow the keys at once.
  changed: (app) => app.partnerOrigins.invalidate(),
});
