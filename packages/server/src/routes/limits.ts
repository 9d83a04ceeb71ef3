import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../services/rate-limiter.js';

const MINUTE = 60_000;

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
