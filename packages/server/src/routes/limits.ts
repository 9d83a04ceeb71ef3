import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../services/rate-limiter.js';

const MINUTE = 60_000;
/** Embed tokens one partner key may get a minute: a portal's server reuses a token for minutes (README). */
const EMBED_TOKENS_PER_KEY_PER_MINUTE = 60;

/**
 * The rate limits of the unauthenticated account endpoints, per client address and per account,
 * in one place. Per-account limits stop a distributed guess at one password or a flood of
 * recovery e-mails to one inbox; per-client limits stop one client from trying many accounts.
 */
export function authLimits(app: FastifyInstance, request: FastifyRequest) {
  const perClient = (action: string): Limit => ({
    key: `${action}:ip:${request.ip}`,
    max: app.config.authRateLimitPerMinute,
    windowMs: MINUTE,
  });
  return {
    loginPerClient: perClient('login'),
    /** Failed logins only; a success clears it. */
    loginFailuresPerAccount: (email: string): Limit => ({
      key: `login:account:${email}`,
      max: 10,
      windowMs: 15 * MINUTE,
    }),
    recoveryPerClient: perClient('recovery'),
    recoveryPerAccount: (email: string): Limit => ({ key: `recovery:account:${email}`, max: 5, windowMs: 60 * MINUTE }),
    resetPerClient: perClient('reset'),
    signupPerClient: perClient('signup'),
    signupPerAccount: (email: string): Limit => ({ key: `signup:account:${email}`, max: 5, windowMs: 60 * MINUTE }),
  };
}

/**
 * The embed-token exchange: per client address like the account endpoints, and per partner key once
 * the key is known to be real (wrong guesses at a key's secret never use up its portal's allowance).
 */
export function embedTokenLimits(app: FastifyInstance, request: FastifyRequest) {
  return {
    perClient: { key: `embed-token:ip:${request.ip}`, max: app.config.authRateLimitPerMinute, windowMs: MINUTE },
    perKey: (keyId: string): Limit => ({
      key: `embed-token:key:${keyId}`,
      max: EMBED_TOKENS_PER_KEY_PER_MINUTE,
      windowMs: MINUTE,
    }),
  };
}
