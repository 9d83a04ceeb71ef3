import { PARTNER_KEY_ACCESS } from '@backoffice/contracts';
import * as v from 'valibot';
import { CachedRead } from '../db/cached-read.js';
import type { ApiKey, ApiKeyKind, ApiKeyStore } from './api-keys.js';

/** What a partner key allows: its portal's origins, and reading or also changing the companies. */
const PartnerScopeSchema = v.object({
  origins: v.array(v.string()),
  access: v.picklist(PARTNER_KEY_ACCESS),
});
export type PartnerScope = v.InferOutput<typeof PartnerScopeSchema>;
export type PartnerKey = ApiKey<PartnerScope>;

/** Partner keys read `bo_pk_<12 hex>_<43 base64url>`. */
export const PARTNER_KEYS: ApiKeyKind<PartnerScope> = { kind: 'partner', tag: 'pk', scope: PartnerScopeSchema };

/**
 * Longest an instance answers CORS with an outdated list of partner origins: a key created or revoked
 * on another instance is seen here within this time (at once on the instance that made the change).
 * Only the browser's permission to read answers depends on it: every embed token is checked against
 * its key in the database on every request.
 */
export const PARTNER_ORIGINS_MAX_AGE_MS = 30_000;

/**
 * The origins CORS allows on the companies endpoints besides CORS_ORIGINS: those of every partner key
 * that is not revoked — and of one revoked less than a token's life ago (`revokedGraceMs`), so an embed
 * still open there reads the 401 of its refused token and shows its locked panel, instead of meeting
 * a network error. Read from the database at most once per `maxAgeMs` (one small query; a request that
 * finds the list stale waits for it), and at once after a key is created or revoked here.
 */
export class PartnerOrigins {
  readonly #origins: CachedRead<ReadonlySet<string>>;

  constructor(keys: ApiKeyStore<PartnerScope>, revokedGraceMs: number, maxAgeMs = PARTNER_ORIGINS_MAX_AGE_MS) {
    this.#origins = new CachedRead(async () => {
      const scopes = await keys.scopesInUse(new Date(Date.now() - revokedGraceMs));
      return new Set(scopes.flatMap((scope) => scope.origins));
    }, maxAgeMs);
  }

  async has(origin: string): Promise<boolean> {
    return (await this.#origins.current()).has(origin);
  }

  invalidate(): void {
    this.#origins.invalidate();
  }
}
