import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { type ApiKeyRow, type ApiKeysRepository, PrefixTakenError } from '../db/api-keys-repository.js';

/**
 * A kind of key: its name in the table, the tag its keys start with (`bo_<tag>_…`, so a key found in a
 * file or a log says what it is), and the shape of its scope. A stored scope that no longer has that
 * shape never authenticates (fail closed).
 */
export interface ApiKeyKind<Scope> {
  kind: string;
  tag: string;
  scope: v.GenericSchema<unknown, Scope>;
}

/** A key as the rest of the server sees it: its scope parsed, never its secret or hash. */
export interface ApiKey<Scope> extends Omit<ApiKeyRow, 'scope'> {
  scope: Scope;
}

/** 32 random bytes: 256 bits, the secret part of a key. */
const SECRET_BYTES = 32;
/** 6 random bytes as 12 hex characters: the key's public id, looked up before the hash is compared. */
const LOOKUP_BYTES = 6;
const KEY_SHAPE = /^(bo_[a-z]+_[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/**
 * SHA-256, not argon2: a slow hash protects guessable secrets (passwords); a 256-bit random key cannot
 * be guessed from its hash, and a fast one keeps each check a few microseconds.
 */
function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/**
 * Keys of one kind: created random (shown once, stored hashed), found by their public prefix,
 * compared in constant time, revocable. Every check reads the database, so a revocation holds on the
 * very next request on every instance.
 */
export class ApiKeyStore<Scope> {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly kind: ApiKeyKind<Scope>,
  ) {}

  /** A new key: `secret` is the whole key, to be shown once and never again. */
  async create(fields: { name: string; scope: Scope; createdBy: string | null }): Promise<{
    key: ApiKey<Scope>;
    secret: string;
  }> {
    // The caller's scope goes through the kind's schema as any stored one will: what is stored can be read.
    const scope = v.parse(this.kind.scope, fields.scope);
    for (;;) {
      const prefix = `bo_${this.kind.tag}_${randomBytes(LOOKUP_BYTES).toString('hex')}`;
      const secret = `${prefix}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
      try {
        const row = await this.repository.create({
          kind: this.kind.kind,
          name: fields.name,
          scope,
          prefix,
          key_hash: hashKey(secret).toString('hex'),
          created_by: fields.createdBy,
        });
        return { key: { ...row, scope }, secret };
      } catch (error) {
        if (!(error instanceof PrefixTakenError)) throw error;
      }
    }
  }

  /** The key a client presented, if it is one of this kind, not revoked, and its secret matches. */
  async authenticate(presented: string): Promise<ApiKey<Scope> | null> {
    const match = KEY_SHAPE.exec(presented);
    const prefix = match?.[1];
    if (!prefix?.startsWith(`bo_${this.kind.tag}_`)) return null;
    const row = await this.repository.findActiveByPrefix(prefix);
    if (!row || row.kind !== this.kind.kind) return null;
    const { key_hash, ...stored } = row;
    if (!timingSafeEqual(hashKey(presented), Buffer.from(key_hash, 'hex'))) return null;
    const key = this.#parse(stored);
    if (key) await this.repository.markUsed(key.id);
    return key;
  }

  /** The key by id while it is not revoked (what a token issued for it checks on every request). */
  async findActive(id: string): Promise<ApiKey<Scope> | null> {
    const row = await this.repository.findActiveById(this.kind.kind, id);
    return row ? this.#parse(row) : null;
  }

  async list(skip: number, limit: number): Promise<{ data: ApiKey<Scope>[]; count: number }> {
    const { data, count } = await this.repository.list(this.kind.kind, skip, limit);
    return { data: data.flatMap((row) => this.#parse(row) ?? []), count };
  }

  /** Revokes the key (`null` when there is none of this kind with this id). */
  async revoke(id: string, by: string): Promise<ApiKey<Scope> | null> {
    const row = await this.repository.revoke(this.kind.kind, id, by);
    return row ? this.#parse(row) : null;
  }

  /** The scopes of every key of this kind that is not revoked, or was revoked after `revokedSince`. */
  async scopesInUse(revokedSince: Date): Promise<Scope[]> {
    const scopes = await this.repository.scopesInUse(this.kind.kind, revokedSince);
    return scopes.flatMap((scope) => {
      const result = v.safeParse(this.kind.scope, scope);
      return result.success ? [result.output] : [];
    });
  }

  #parse(row: ApiKeyRow): ApiKey<Scope> | null {
    const result = v.safeParse(this.kind.scope, row.scope);
    return result.success ? { ...row, scope: result.output } : null;
  }
}
