import type { Config } from './config.js';
import type { UsersRepository } from './db/users-repository.js';
import { hashPassword } from './services/passwords.js';

/** Creates FIRST_SUPERUSER when no user has that e-mail; an existing account is left untouched. */
export async function ensureFirstSuperuser(users: UsersRepository, config: Config): Promise<'created' | 'exists'> {
  if (await users.findByEmail(config.firstSuperuser)) return 'exists';
  await users.create({
    email: config.firstSuperuser,
    hashed_password: await hashPassword(config.firstSuperuserPassword),
    full_name: null,
    is_superuser: true,
    is_active: true,
  });
  return 'created';
}
