import type { PartnerKeyAccess } from '@backoffice/contracts';

/** What the embed reads from a token it holds (without checking it: the server does). */
export interface TokenClaims {
  /** Expiry and issue time, in seconds since the epoch. */
  exp?: number;
  iat?: number;
  /** An embed token's access (its partner key's); a user's token has none. */
  access?: string;
}

/** The claims of a JWT's payload; none for anything that is not one. */
export function readTokenClaims(token: string | null | undefined): TokenClaims {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : {};
  } catch {
    return {};
  }
}

/**
 * What the screen may offer with this token: a read-only partner key's embed token only reads; any
 * other token (a user's own, in the product's example page) may change companies as its user may.
 */
export function accessOf(token: string | null | undefined): PartnerKeyAccess {
  return readTokenClaims(token).access === 'read' ? 'read' : 'read-write';
}
