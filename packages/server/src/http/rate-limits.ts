import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import type { BackoffRule } from '../services/failure-backoff.js';
import type { Limit } from '../services/rate-limiter.js';
import { rateLimitAddress } from './client-address.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The longest wait failed logins earn: slow enough for a guesser, short enough for an owner who mistyped. */
const MAX_LOGIN_WAIT_MS = 15 * MINUTE;
/** Embed tokens one partner key may get a minute: a portal's server reuses a token for minutes (README). */
const EMBED_TOKENS_PER_KEY_PER_MINUTE = 60;

/**
 * The rate limits of the unauthenticated account endpoints, per client address and per account,
 * in one place. Per-client limits stop one client from trying many accounts; per-account limits stop
 * a flood of recovery e-mails to one inbox. Failed logins are slowed per account *and* address (never
 * per account alone: that would let anyone lock the owner out).
 */
export function authLimits(app: FastifyInstance, request: FastifyRequest) {
  const client = rateLimitAddress(request.ip);
  const perClient = (action: string): Limit => ({
    key: `${action}:ip:${client}`,
    max: app.config.authRateLimitPerMinute,
    windowMs: MINUTE,
  });
  return {
    loginPerClient: perClient('login'),
    /**
     * Failed logins, slowed rather than locked (failure-backoff.ts): an account tried from one address
     * waits after 5 failures an hour, an address trying any accounts after AUTH_RATE_LIMIT_PER_MINUTE
     * (20), each further failure doubling the wait up to 15 minutes. Nothing counts an account over all
     * addresses: whatever an attacker does elsewhere, the owner logs in from their own address.
     */
    /**
     * Wrong current passwords at a password change, slowed as failed logins are (per account and
     * address): a stolen session must not become a free password guesser — and each guess spends an
     * argon2 hash, which a waiting caller no longer gets.
     */
    passwordChangeBackoff: (user: UserRow): BackoffRule => ({
      key: `password-change:account:${user.id}:address:${client}`,
      freeFailures: 5,
      windowMs: HOUR,
      firstWaitMs: 1000,
      maxWaitMs: MAX_LOGIN_WAIT_MS,
    }),
    loginBackoff: (account: LoginAccount) => ({
      address: {
        key: `login:address:${client}`,
        // The per-address allowance is the one setting of the per-address limits (tests and load runs raise it).
        freeFailures: app.config.authRateLimitPerMinute,
        windowMs: HOUR,
        firstWaitMs: 1000,
        maxWaitMs: MAX_LOGIN_WAIT_MS,
      } satisfies BackoffRule,
      accountAtAddress: {
        key: `login:account:${accountKey(account)}:address:${client}`,
        freeFailures: 5,
        windowMs: HOUR,
        firstWaitMs: 1000,
        maxWaitMs: MAX_LOGIN_WAIT_MS,
      } satisfies BackoffRule,
    }),
    recoveryPerClient: perClient('recovery'),
    recoveryPerAccount: (email: string): Limit => ({ key: `recovery:account:${email}`, max: 5, windowMs: 60 * MINUTE }),
    resetPerClient: perClient('reset'),
    /** Undoing an e-mail change: its link's token is a secret guessed at here, like a reset link's. */
    emailChangeRevertPerClient: perClient('email-change-revert'),
    signupPerClient: perClient('signup'),
    signupPerAccount: (email: string): Limit => ({ key: `signup:account:${email}`, max: 5, windowMs: 60 * MINUTE }),
  };
}

/** Whom a login tries: an existing user, or an e-mail no account has. */
export type LoginAccount = UserRow | { email: string };

/**
 * An existing user's counters are named by id and token version: a password reset (or any password
 * change) bumps the version, so the account starts afresh at every address — "a successful reset
 * clears it" (OWASP) without finding each address's counter.
 */
function accountKey(account: LoginAccount): string {
  return 'id' in account ? `${account.id}:${account.token_version}` : `email:${account.email}`;
}

/**
 * The embed-token exchange: per client address like the account endpoints, and per partner key once
 * the key is known to be real (wrong guesses at a key's secret never use up its portal's allowance).
 */
export function embedTokenLimits(app: FastifyInstance, request: FastifyRequest) {
  return {
    perClient: {
      key: `embed-token:ip:${rateLimitAddress(request.ip)}`,
      max: app.config.authRateLimitPerMinute,
      windowMs: MINUTE,
    },
    perKey: (keyId: string): Limit => ({
      key: `embed-token:key:${keyId}`,
      max: EMBED_TOKENS_PER_KEY_PER_MINUTE,
      windowMs: MINUTE,
    }),
  };
}
