import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../src/services/access-tokens.js';

/** The verified-token memory of AccessTokens must not outlive a token nor vouch for a forged one. */
describe('AccessTokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified before still expires on time', async () => {
    const tokens = new AccessTokens('a-secret-key-of-32-characters-xx', 1);
    const token = await tokens.issue({ userId: 'user-1', version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', version: 3 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a changed token is refused after the genuine one was verified', async () => {
    const tokens = new AccessTokens('a-secret-key-of-32-characters-xx', 60);
    const token = await tokens.issue({ userId: 'user-1', version: 3 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'user-2', ver: 3, exp: 4_102_444_800 })).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await new AccessTokens('another-secret-key-of-32-chars-x', 60).verify(token)).toBeNull();
  });
});
