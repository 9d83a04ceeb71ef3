import type { FastifyReply } from 'fastify';

/**
 * Adds a `Set-Cookie` to the answer, replacing only an earlier one for the same cookie: a page load may
 * set several (a developer's overrides, the canary audience), and `reply.header` would keep the last.
 */
export function appendCookie(reply: FastifyReply, cookie: string): void {
  const name = cookie.slice(0, cookie.indexOf('=') + 1);
  const existing = reply.getHeader('set-cookie');
  const others = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const all = [...others.filter((other) => !other.startsWith(name)), cookie];
  reply.header('set-cookie', all.length === 1 ? all[0] : all);
}
