import { tooManyRequestsDetail } from '@backoffice/contracts';
import { Redis } from 'ioredis';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

/** Fixed-window counters. In memory for one instance; in Redis when several instances share limits. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current window without counting a hit; `null` when there is none. */
  peek(key: string): Promise<Hit | null>;
  /** Sets a key that lasts `ms` (a wait: peek tells how long is left), replacing any window it had. */
  hold(key: string, ms: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Forget finished windows now and then so the map cannot grow without bound.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweeper.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async peek(key) {
      const w = windows.get(key);
      const now = Date.now();
      return w && w.resetAt > now ? { count: w.count, resetInMs: w.resetAt - now } : null;
    },
    async hold(key, ms) {
      windows.set(key, { count: 1, resetAt: Date.now() + ms });
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

// INCR and set the expiry on the first hit, atomically; returns the count and the remaining time.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** How long a Redis command may go unanswered before the caller falls back to local counters. */
const COMMAND_TIMEOUT_MS = 500;

export function redisStore(url: string, prefix = 'backoffice:rl:'): RateLimitStore {
  const redis = new Redis(url, {
    // While Redis is away a command fails at once (no queue), and one that gets no answer fails
    // after half a second: the caller falls back (see withFallback) instead of holding the request.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  // Without a listener a refused connection is an unhandled 'error' event; the reconnection goes on.
  redis.on('error', () => {});
  // The first commands may come before the first connection is up (a request right after start):
  // they wait for it, at most the command timeout, instead of counting as an outage. Once this has
  // settled, a lost connection fails a command at once (no offline queue).
  const firstConnection = new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    setTimeout(resolve, COMMAND_TIMEOUT_MS).unref();
  });
  return {
    async hit(key, windowMs) {
      await firstConnection;
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async peek(key) {
      await firstConnection;
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return count === null || ttl < 0 ? null : { count: Number(count), resetInMs: ttl };
    },
    async hold(key, ms) {
      await firstConnection;
      await redis.set(prefix + key, '1', 'PX', ms);
    },
    async reset(key) {
      await firstConnection;
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Where a store that falls back reports the outage and its end (the app's logger). */
export interface FallbackLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * The shared counters, and this instance's own counters while the shared ones cannot be reached.
 * A login or recovery request must neither fail (a Redis outage would become a login outage) nor
 * go unlimited (a Redis outage would open password guessing): each instance then limits on its
 * own, so the bound is at most the number of instances times the configured limit. The outage is
 * logged once when it starts and once when it ends. See docs/reliability.md.
 */
export function withFallback(shared: RateLimitStore, local: RateLimitStore, log: FallbackLog): RateLimitStore {
  let downSince: number | undefined;
  const attempt = async <T>(useShared: () => Promise<T>, useLocal: () => Promise<T>): Promise<T> => {
    try {
      const result = await useShared();
      if (downSince !== undefined) {
        log.info({ unavailableForMs: Date.now() - downSince }, 'rate-limit store back: limits shared again');
        downSince = undefined;
      }
      return result;
    } catch (error) {
      if (downSince === undefined) {
        downSince = Date.now();
        log.warn({ err: error }, 'rate-limit store unavailable: each instance limits on its own until it is back');
      }
      return useLocal();
    }
  };
  return {
    hit: (key, windowMs) =>
      attempt(
        () => shared.hit(key, windowMs),
        () => local.hit(key, windowMs),
      ),
    peek: (key) =>
      attempt(
        () => shared.peek(key),
        () => local.peek(key),
      ),
    hold: (key, ms) =>
      attempt(
        () => shared.hold(key, ms),
        () => local.hold(key, ms),
      ),
    // A reset (a successful login) clears both, so a local count does not outlive the outage.
    reset: async (key) => {
      await local.reset(key);
      await attempt(
        () => shared.reset(key),
        async () => {},
      );
    },
    close: async () => {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}

export interface Limit {
  /** Counter name, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowMs: number;
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyRequestsDetail(retryAfterSeconds));
  }
}

export class RateLimiter {
  constructor(readonly store: RateLimitStore) {}

  /** Counts one hit on every limit and throws RateLimitedError if any is exceeded. */
  async consume(...limits: Limit[]): Promise<void> {
    const hits = await Promise.all(limits.map((l) => this.store.hit(l.key, l.windowMs)));
    let retryAfterMs = 0;
    hits.forEach((hit, i) => {
      if (hit.count > (limits[i] as Limit).max) retryAfterMs = Math.max(retryAfterMs, hit.resetInMs);
    });
    if (retryAfterMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}
