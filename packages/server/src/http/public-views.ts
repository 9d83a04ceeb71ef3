// What an answer shows of each stored record: the fields its contract names, never a secret or a hash.
import type {
  Company,
  DeployKey as DeployKeyPublic,
  PartnerKey as PartnerKeyPublic,
  UserPublic,
} from '@backoffice/contracts';
import type { CompanyListRow } from '../db/companies-repository.js';
import type { UserRow } from '../db/schema.js';
import type { DeployKey } from '../services/deploy-keys.js';
import type { PartnerKey } from '../services/partner-keys.js';

/** The public face of a user: never the password hash or the token version. */
export function toUserPublic(row: UserRow): UserPublic {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_active: row.is_active,
    is_superuser: row.is_superuser,
    created_at: row.created_at,
  };
}

export function toCompany(row: CompanyListRow): Company {
  return {
    id: row.id,
    trading_name: row.trading_name,
    legal_name: row.legal_name,
    tax_id: row.tax_id,
    type: row.type,
    is_active: row.is_active,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A partner key as listed: its scope spread out, never its secret or hash. */
export function toPartnerKey(key: PartnerKey): PartnerKeyPublic {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    origins: key.scope.origins,
    access: key.scope.access,
    created_at: key.created_at,
    created_by: key.created_by,
    revoked_at: key.revoked_at,
    revoked_by: key.revoked_by,
    last_used_at: key.last_used_at,
  };
}

/** A deploy key as listed: its remote, never its secret or hash. */
export function toDeployKey(key: DeployKey): DeployKeyPublic {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    remote: key.scope.remote,
    created_at: key.created_at,
    created_by: key.created_by,
    revoked_at: key.revoked_at,
    revoked_by: key.revoked_by,
    last_used_at: key.last_used_at,
  };
}
