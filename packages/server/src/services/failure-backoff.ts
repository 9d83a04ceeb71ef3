import { RateLimitedError, type RateLimitStore } from './rate-limiter.js';

/** How failures of one kind (a login at one address, a login to one account from one address) are slowed. */
export interface BackoffRule {
  /** What fails, e.g. `login:address:10.0.0.1`. */
  key: string;
  /** Failures in a window before the first wait. */
  freeFailures: number;
  /** Failures are counted in windows of this length (from the first failure). */
  windowMs: number;
  /** The wait after the last free failure; each further failure doubles it ... */
  firstWaitMs: number;
  /** ... up to this. */
  maxWaitMs: number;
}

/** How long the next attempt must wait after `failures` failures in the window (0: at once). */
export function waitAfter(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  // 2 ** 30 ms is 12 days: past any maxWaitMs, and far from a float's limits.
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(30, failures - rule.freeFailures));
}

/**
 * Exponential backoff after failures, as the OWASP authentication cheat sheet recommends instead of
 * locking an account: after a few free failures each further attempt must wait, twice as long after
 * every failure. Only the keys that failed wait — which keys a caller counts decides who is slowed
 * (http/rate-limits.ts: the account at one address, and one address over all accounts, never an account
 * everywhere, so nobody can lock its owner out). Counters and waits live in the rate-limit store, so
 * instances sharing Redis share them.
 */
export class FailureBackoff {
  constructor(private readonly store: RateLimitStore) {}

  /** Throws RateLimitedError (429 with Retry-After) while any of the rules makes the caller wait. */
  async assertOpen(...rules: BackoffRule[]): Promise<void> {
    const waits = await Promise.all(rules.map((rule) => this.store.peek(waitKey(rule))));
    const longest = Math.max(0, ...waits.map((wait) => wait?.resetInMs ?? 0));
    if (longest > 0) throw new RateLimitedError(Math.max(1, Math.ceil(longest / 1000)));
  }

  /** Counts a failure under each rule and starts the wait it calls for. */
  async failed(...rules: BackoffRule[]): Promise<void> {
    await Promise.all(
      rules.map(async (rule) => {
        const { count } = await this.store.hit(failuresKey(rule), rule.windowMs);
        const wait = waitAfter(rule, count);
        if (wait > 0) await this.store.hold(waitKey(rule), wait);
      }),
    );
  }

  /** Forgets the failures and the wait of a rule (a success under it). */
  async clear(rule: BackoffRule): Promise<void> {
    await Promise.all([this.store.reset(failuresKey(rule)), this.store.reset(waitKey(rule))]);
  }
}

const failuresKey = (rule: BackoffRule) => `${rule.key}:failures`;
const waitKey = (rule: BackoffRule) => `${rule.key}:wait`;
