import { createHmac, webcrypto } from 'node:crypto';
import { PARTNER_KEY_ACCESS, type PartnerKeyAccess } from '@backoffice/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from './uuid.js';

const ALGORITHM = 'HS256';
/** The JWT `typ` header of an embed token (RFC 8725 §3.11: a distinct type per kind of token). */
const EMBED_TOKEN_TYPE = 'bo-embed+jwt';
const EMBED_AUDIENCE = 'backoffice-embed';
const HEADER = { alg: ALGORITHM, typ: EMBED_TOKEN_TYPE };
/** Every embed token begins with its encoded header (jose writes the header object as given). */
const TOKEN_HEAD = `${Buffer.from(JSON.stringify(HEADER)).toString('base64url')}.`;

export interface EmbedTokenClaims {
  /** The partner key the token was issued for: it is read on every request, so a revocation holds at once. */
  keyId: string;
  access: PartnerKeyAccess;
}

/**
 * Short-lived tokens a partner portal's embed sends instead of a user's token. They are signed with a
 * key derived from SECRET_KEY for this use only, carry their own `typ` and audience, and name their
 * partner key: a user token never verifies here, nor an embed token as a user token (access-tokens.ts
 * uses SECRET_KEY itself).
 */
export class EmbedTokens {
  readonly #cryptoKey: Promise<webcrypto.CryptoKey>;
  readonly expiresInSeconds: number;

  constructor(secretKey: string, expireMinutes: number) {
    const derived = createHmac('sha256', secretKey).update('backoffice embed tokens v1').digest();
    this.#cryptoKey = webcrypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    this.expiresInSeconds = expireMinutes * 60;
  }

  /** True for a token shaped as an embed token (its header), before any check of its signature. */
  static isEmbedToken(token: string): boolean {
    return token.startsWith(TOKEN_HEAD);
  }

  async issue(claims: EmbedTokenClaims): Promise<string> {
    return new SignJWT({ access: claims.access })
      .setProtectedHeader(HEADER)
      .setSubject(claims.keyId)
      .setAudience(EMBED_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.expiresInSeconds}s`)
      .sign(await this.#cryptoKey);
  }

  /** The claims of a valid embed token, or `null` for anything malformed, forged, expired or of another kind. */
  async verify(token: string): Promise<EmbedTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#cryptoKey, {
        algorithms: [ALGORITHM],
        typ: EMBED_TOKEN_TYPE,
        audience: EMBED_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      const access = PARTNER_KEY_ACCESS.find((value) => value === payload.access);
      if (!access || !isUuid(payload.sub)) return null;
      return { keyId: payload.sub, access };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
