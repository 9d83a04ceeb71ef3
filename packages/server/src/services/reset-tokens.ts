import { createHash, randomBytes } from 'node:crypto';

/** A fresh password-reset token (sent by e-mail) and the hash that is stored in its place. */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
