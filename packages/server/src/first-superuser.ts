import type { Config } from './config.js';
import type { UsersRepository } from './db/users-repository.js';
import { hashPassword } from './services/passwords.js';

/**
 * What became of FIRST_SUPERUSER at this start: `created`, `exists` (a super user exists, whoever it
 * is: nothing is done), or `email-taken` (no super user, but an ordinary account holds the address).
 */
export type FirstSuperuser = 'created' | 'exists' | 'email-taken';

/**
 * Creates FIRST_SUPERUSER only while the database has no super user at all: on the first start. Once
 * one exists it is never recreated nor reset, so a super user who changed the default e-mail and
 * password does not find `admin@example.com` / `changethis` back after a restart. An ordinary
 * account holding that address is never promoted (anyone may have signed up with it).
 */
export async function ensureFirstSuperuser(users: UsersRepository, config: Config): Promise<FirstSuperuser> {
  // Asked first without the lock, so an ordinary restart spends no password hash.
  if (await users.anySuperuser()) return 'exists';
  return users.createFirstSuperuser({
    email: config.firstSuperuser,
    hashed_password: await hashPassword(config.firstSuperuserPassword),
    full_name: null,
    is_superuser: true,
    is_active: true,
  });
}
