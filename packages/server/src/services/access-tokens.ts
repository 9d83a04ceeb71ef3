import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from './uuid.js';

const ALGORITHM = 'HS256';
/** How many verified tokens one process remembers (a few MB at most). */
const VERIFIED_MAX = 10_000;

export interface AccessTokenClaims {
  userId: string;
  /** The user's token_version when the token was issued; a bump revokes it. */
  version: number;
}

export class AccessTokens {
  /**
   * The same secret as a WebCrypto key, imported once: given the raw bytes, jose imports a key on
   * every call, which cost more than the HMAC itself on each authenticated request.
   */
  readonly #cryptoKey: Promise<webcrypto.CryptoKey>;
  readonly #expireMinutes: number;

  constructor(secretKey: string, expireMinutes: number) {
    const raw = new TextEncoder().encode(secretKey);
    this.#cryptoKey = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    this.#expireMinutes = expireMinutes;
  }

  async issue(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.#expireMinutes}m`)
      .sign(await this.#cryptoKey);
  }

  /**
   * Tokens whose signature this process has already verified, with their claims and expiry. A
   * signature that was valid stays valid, so only the expiry is checked again; what can change —
   * the user's token version, role and status — is read from the database on every request all the
   * same (auth.ts). Verifying the HMAC was the largest single cost of an authenticated request.
   * Bounded: past VERIFIED_MAX entries the oldest goes.
   */
  readonly #verified = new Map<string, { claims: AccessTokenClaims; exp: number }>();

  /** The claims of a valid token, or `null` for anything malformed, forged, expired or without an expiry. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const now = Math.floor(Date.now() / 1000);
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp > now) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    try {
      // A token without `exp` would never expire: every token this server issues has one, so one
      // without it was not issued here as it is, whatever its signature says.
      const { payload } = await jwtVerify(token, await this.#cryptoKey, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
      });
      if (!isUuid(payload.sub) || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
      const claims = { userId: payload.sub, version: payload.ver };
      if (this.#verified.size >= VERIFIED_MAX) this.#verified.delete(this.#verified.keys().next().value as string);
      this.#verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
