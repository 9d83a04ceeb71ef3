import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

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

  /** The claims of a valid token, or `null` for anything malformed, forged or expired. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#cryptoKey, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, version: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
