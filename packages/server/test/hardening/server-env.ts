/** What every server of the hardening suite is started with (the template's first super user included). */
export const SUPERUSER = { email: 'owner@example.com', password: 'owner-password-1' };

/**
 * Nothing is inherited from the environment that would join servers together: no shared Redis
 * counters (a test that wants them says so), no DATABASE_URL or SMTP server of the developer's.
 */
export const SERVER_ENV: Record<string, string> = {
  REDIS_URL: '',
  DATABASE_URL: '',
  SMTP_HOST: '',
  TRUST_PROXY: 'false',
  FIRST_SUPERUSER: SUPERUSER.email,
  FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
  FRONTEND_URL: 'http://frontend.test',
  SECRET_KEY: 'hardening-secret-key-0123456789-abcdefghij',
};
