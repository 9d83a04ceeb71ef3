import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
  /** The user's token_version when the token was issued; a bump revokes it. */
  version: number;
}

export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #expireMinutes: number;

  constructor(secretKey: string, expireMinutes: number) {
    this.#key = new TextEncoder().encode(secretKey);
    this.#expireMinutes = expireMinutes;
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.#expireMinutes}m`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or `null` for anything malformed, forged or expired. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, version: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
