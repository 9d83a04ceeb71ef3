import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessOf, readTokenClaims } from '../src/embed/token-claims';
import { createTokenSession, MIN_REFRESH_DELAY_MS } from '../src/embed/token-session';
import { fakeJwt } from './fake-jwt';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A host's fetchToken handing out `t1`, `t2`, … with the given lifetime in seconds. */
function counter(expiresIn: number | undefined = 600) {
  let n = 0;
  return vi.fn(async () => {
    n++;
    return expiresIn === undefined ? `t${n}` : { token: `t${n}`, expiresIn };
  });
}

describe('the embed token session', () => {
  it('asks for a token on start and again at 80 % of its life, each time', async () => {
    const fetchToken = counter(600);
    const session = createTokenSession(fetchToken);
    expect(session.current()).toBeNull();
    expect(await session.start()).toBe(true);
    expect(session.current()).toBe('t1');
    expect(fetchToken).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(480_000 - 1);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(session.current()).toBe('t2');
    await vi.advanceTimersByTimeAsync(480_000);
    expect(session.current()).toBe('t3');
    session.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });

  it("reads a bare token's life from its exp and iat, counted from when it came", async () => {
    const now = Math.floor(Date.now() / 1000) - 3600; // the visitor's clock an hour off the server's
    const fetchToken = vi.fn(async () => fakeJwt({ iat: now, exp: now + 100, access: 'read' }));
    const session = createTokenSession(fetchToken);
    await session.start();
    await vi.advanceTimersByTimeAsync(79_999);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    session.stop();
  });

  it('never asks again sooner than the minimum delay, whatever a token says', async () => {
    const fetchToken = counter(1);
    const session = createTokenSession(fetchToken);
    await session.start();
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_DELAY_MS - 1);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    session.stop();
  });

  it('keeps its token when a refresh fails, and tries again halfway to its end', async () => {
    const fetchToken = vi
      .fn<() => Promise<{ token: string; expiresIn: number } | null>>()
      .mockResolvedValueOnce({ token: 'first', expiresIn: 100 })
      .mockRejectedValueOnce(new Error('portal down'))
      .mockResolvedValueOnce({ token: 'second', expiresIn: 100 });
    const session = createTokenSession(fetchToken);
    await session.start();
    await vi.advanceTimersByTimeAsync(80_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(session.current()).toBe('first');
    await vi.advanceTimersByTimeAsync(10_000); // half of the 20 s left
    expect(fetchToken).toHaveBeenCalledTimes(3);
    expect(session.current()).toBe('second');
    session.stop();
  });

  it('on a 401 asks once more; a fresh token refused too is the end', async () => {
    const fetchToken = counter(600);
    const session = createTokenSession(fetchToken);
    await session.start();
    expect(await session.recoverFrom401('t1')).toBe(true);
    expect(session.current()).toBe('t2');
    expect(await session.recoverFrom401('t2')).toBe(false);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    // A scheduled refresh brings a new token, which gets its own second chance.
    await vi.advanceTimersByTimeAsync(480_000);
    expect(session.current()).toBe('t3');
    expect(await session.recoverFrom401('t3')).toBe(true);
    session.stop();
  });

  it('answers requests refused together with one fetch, and an old token with the newer one', async () => {
    const fetchToken = counter(600);
    const session = createTokenSession(fetchToken);
    await session.start();
    const answers = await Promise.all([session.recoverFrom401('t1'), session.recoverFrom401('t1')]);
    expect(answers).toEqual([true, true]);
    expect(await session.recoverFrom401('t1')).toBe(true);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    session.stop();
  });

  it('fails when the host gives no token, or the same refused one again', async () => {
    expect(await createTokenSession(async () => null).start()).toBe(false);
    expect(await createTokenSession(async () => ({ token: '' })).start()).toBe(false);
    const cached = createTokenSession(async () => ({ token: 'same', expiresIn: 600 }));
    await cached.start();
    expect(await cached.recoverFrom401('same')).toBe(false);
    cached.stop();
  });
});

describe('token claims', () => {
  it('tells a read-only embed token from any other', () => {
    expect(accessOf(fakeJwt({ access: 'read' }))).toBe('read');
    expect(accessOf(fakeJwt({ access: 'read-write' }))).toBe('read-write');
    expect(accessOf(fakeJwt({ sub: 'user', ver: 0 }))).toBe('read-write');
    expect(accessOf('not-a-jwt')).toBe('read-write');
    expect(readTokenClaims(fakeJwt({ exp: 5, iat: 1, name: 'São João' }))).toEqual({
      exp: 5,
      iat: 1,
      name: 'São João',
    });
  });
});
