import * as v from 'valibot';
import type { ApiKey, ApiKeyKind } from './api-keys.js';

/**
 * What a deploy key allows: publishing and changing what users get of one remote (or of the shell,
 * `shell`), nothing else — a team's CI holds the key of its own area only (least privilege).
 */
const DeployScopeSchema = v.object({ remote: v.string() });
export type DeployScope = v.InferOutput<typeof DeployScopeSchema>;
export type DeployKey = ApiKey<DeployScope>;

/** Deploy keys read `bo_dk_<12 hex>_<43 base64url>`. */
export const DEPLOY_KEYS: ApiKeyKind<DeployScope> = { kind: 'deploy', tag: 'dk', scope: DeployScopeSchema };
