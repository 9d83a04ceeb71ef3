import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/free-port.js';
import { call, cleanUp, SUPERUSER, serverEnv, startServer } from './support.js';

/**
 * REDIS_URL is set and Redis goes away: the rate-limited account endpoints keep answering (no 500)
 * and keep limiting, each instance on its own (docs/reliability.md). A real redis-server is started
 * and killed when the machine has one; otherwise REDIS_URL points at a port nobody listens on.
 */
afterAll(() => cleanUp('redis away'));

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') {
      return redis;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  redis.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

describe('rate limits while Redis is away', () => {
  it('logins are still answered and still limited', async () => {
    const port = await freePort();
    const redis = hasRedisServer ? await startRedis(port) : undefined;
    const server = await startServer(
      await serverEnv('pglite', { REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '4' }),
    );
    const attempt = (password: string) =>
      call(`${server.url}/api/v1/login/access-token`, {
        method: 'POST',
        body: new URLSearchParams({ username: SUPERUSER.email, password }),
      });
    try {
      if (redis) {
        expect((await attempt(SUPERUSER.password)).status).toBe(200);
        redis.kill('SIGKILL');
        await new Promise((resolve) => redis.once('exit', resolve));
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await attempt(i === 0 ? SUPERUSER.password : 'wrong-password')).status);
      // Four a minute from this address, now counted by this instance alone; never a 500.
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(1)).toEqual([400, 400, 400, 429, 429]);
      const warned = await server.waitForLog(/rate-limit store unavailable/);
      expect(warned.level).toBe(40);
    } finally {
      if (redis && redis.exitCode === null) redis.kill('SIGKILL');
    }
  });
});
