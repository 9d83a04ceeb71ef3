import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../src/services/access-tokens.js';

const USER_1 = '6f1c1d2e-0b7a-4c55-9a39-3d1f0e9b8a71';
const USER_2 = '0d3b6c9e-58a4-4f7e-8e0c-1c2b3a4d5e6f';

/** The verified-token memory of AccessTokens must not outlive a token nor vouch for a forged one. */
describe('AccessTokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified before still expires on time', async () => {
    const tokens = new AccessTokens('a-secret-key-of-32-characters-xx', 1);
    const token = await tokens.issue({ userId: USER_1, version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: USER_1, version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: USER_1, version: 3 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a changed token is refused after the genuine one was verified', async () => {
    const tokens = new AccessTokens('a-secret-key-of-32-characters-xx', 60);
    const token = await tokens.issue({ userId: USER_1, version: 3 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: USER_2, ver: 3, exp: 4_102_444_800 })).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await new AccessTokens('another-secret-key-of-32-chars-x', 60).verify(token)).toBeNull();
  });
});
