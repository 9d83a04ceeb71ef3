import { createHash, randomBytes } from 'node:crypto';

/**
 * A fresh token for a link mailed to an account (a password reset, an e-mail change's undo): 256 random
 * bits, and the hash that is stored in its place (whoever reads the database cannot use a link).
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
