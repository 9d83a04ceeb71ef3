import {
  HttpErrorSchema,
  IdParamsSchema,
  MessageSchema,
  normalizeEmail,
  PasswordChangedSchema,
  SkipLimitQuerySchema,
  UpdatePasswordSchema,
  UserCreateSchema,
  UserPublicSchema,
  UserRegisterSchema,
  UsersPublicSchema,
  UserUpdateMeSchema,
  UserUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { EmailTakenError, type UserChanges } from '../db/users-repository.js';
import { HttpError, notEnoughPrivileges } from '../http/http-error.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { hashPassword, verifyPassword } from '../services/passwords.js';
import { authLimits } from './limits.js';
import { toUserPublic } from './mappers.js';

const DELETED = { message: 'User deleted successfully' };
const bearer = [{ bearer: [] }];

/** Maps a taken e-mail on update to the template's 409. */
async function updateUser(app: FastifyInstance, id: string, changes: UserChanges, revokeTokens: boolean) {
  try {
    return await app.users.update(id, changes, revokeTokens);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new HttpError(409, 'User with this email already exists');
    throw error;
  }
}

/** The last active super user cannot be demoted or deactivated: nobody could administer users then. */
async function assertKeepsAnActiveSuperuser(app: FastifyInstance, target: UserRow, changes: UserChanges) {
  const losesAdmin = changes.is_superuser === false || changes.is_active === false;
  if (target.is_superuser && target.is_active && losesAdmin) {
    if ((await app.users.countOtherActiveSuperusers(target.id)) === 0) {
      throw new HttpError(400, 'The last active super user cannot be demoted or deactivated');
    }
  }
}

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/users/',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: 'List users (super users)',
        description: 'Newest first (created_at, then id, descending). `count` is the total number of users.',
        security: bearer,
        querystring: SkipLimitQuerySchema,
        response: { 200: UsersPublicSchema },
      },
    },
    async (request) => {
      const { data, count } = await app.users.list(request.query.skip, request.query.limit);
      return { data: data.map(toUserPublic), count };
    },
  );

  app.post(
    '/users/',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: 'Create a user (super users)',
        security: bearer,
        body: UserCreateSchema,
        response: { 200: UserPublicSchema, 400: HttpErrorSchema },
      },
    },
    async (request) => {
      const { email, password, full_name, is_superuser, is_active } = request.body;
      try {
        const user = await app.users.create({
          email: normalizeEmail(email),
          hashed_password: await hashPassword(password),
          full_name: full_name || null,
          is_superuser,
          is_active,
        });
        return toUserPublic(user);
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new HttpError(400, 'The user with this email already exists in the system.');
        }
        throw error;
      }
    },
  );

  app.get(
    '/users/me',
    {
      preHandler: app.requireUser,
      schema: { tags: ['users'], summary: 'The current user', security: bearer, response: { 200: UserPublicSchema } },
    },
    async (request) => toUserPublic(request.user),
  );

  app.patch(
    '/users/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Update own full name and e-mail',
        description: 'Only `full_name` and `email` are read; role and status cannot be changed here.',
        security: bearer,
        body: UserUpdateMeSchema,
        response: { 200: UserPublicSchema, 409: HttpErrorSchema },
      },
    },
    async (request) => {
      const changes: UserChanges = {};
      if (request.body.email !== undefined) changes.email = normalizeEmail(request.body.email);
      if (request.body.full_name !== undefined) changes.full_name = request.body.full_name || null;
      const user = await updateUser(app, request.user.id, changes, false);
      return toUserPublic(user ?? request.user);
    },
  );

  app.patch(
    '/users/me/password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Change own password',
        description:
          'Every access token issued before the change stops working; the answer carries a fresh one for this session.',
        security: bearer,
        body: UpdatePasswordSchema,
        response: { 200: PasswordChangedSchema, 400: HttpErrorSchema },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      if (!(await verifyPassword(request.user.hashed_password, current_password))) {
        throw new HttpError(400, 'Incorrect password');
      }
      if (current_password === new_password) {
        throw new HttpError(400, 'New password cannot be the same as the current one');
      }
      const user = await updateUser(app, request.user.id, { hashed_password: await hashPassword(new_password) }, true);
      if (!user) throw new HttpError(404, 'User not found');
      const accessToken = await app.accessTokens.issue({ userId: user.id, version: user.token_version });
      return { message: 'Password updated successfully', access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  app.delete(
    '/users/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Delete own account',
        security: bearer,
        response: { 200: MessageSchema, 403: HttpErrorSchema },
      },
    },
    async (request) => {
      if (request.user.is_superuser) throw new HttpError(403, 'Super users are not allowed to delete themselves');
      await app.users.delete(request.user.id);
      return DELETED;
    },
  );

  app.post(
    '/users/signup',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account (no login needed)',
        description: 'Reads only `email`, `full_name` and `password`; the account is active and not a super user.',
        body: UserRegisterSchema,
        response: { 200: UserPublicSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const limits = authLimits(app, request);
      await app.limiter.consume(limits.signupPerClient, limits.signupPerAccount(email));
      try {
        const user = await app.users.create({
          email,
          hashed_password: await hashPassword(request.body.password),
          full_name: request.body.full_name || null,
          is_superuser: false,
          is_active: true,
        });
        return toUserPublic(user);
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new HttpError(400, 'The user with this email already exists in the system');
        }
        throw error;
      }
    },
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A user by id (self, or any user for super users)',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: UserPublicSchema, 403: HttpErrorSchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      if (request.params.id === request.user.id) return toUserPublic(request.user);
      // Checked before the lookup: an ordinary user learns nothing about other ids.
      if (!request.user.is_superuser) throw notEnoughPrivileges();
      const user = await app.users.findById(request.params.id);
      if (!user) throw new HttpError(404, 'User not found');
      return toUserPublic(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: 'Update a user (super users)',
        description:
          'Partial update. An empty `password` keeps the current one. Changing the password, role or status ' +
          'revokes the access tokens of that user. The last active super user cannot be demoted or deactivated.',
        security: bearer,
        params: IdParamsSchema,
        body: UserUpdateSchema,
        response: { 200: UserPublicSchema, 400: HttpErrorSchema, 404: HttpErrorSchema, 409: HttpErrorSchema },
      },
    },
    async (request) => {
      const target = await app.users.findById(request.params.id);
      if (!target) throw new HttpError(404, 'The user with this id does not exist in the system');
      const { email, password, full_name, is_superuser, is_active } = request.body;
      const changes: UserChanges = {};
      if (email !== undefined) changes.email = normalizeEmail(email);
      if (full_name !== undefined) changes.full_name = full_name || null;
      if (is_superuser !== undefined) changes.is_superuser = is_superuser;
      if (is_active !== undefined) changes.is_active = is_active;
      if (password) changes.hashed_password = await hashPassword(password);
      await assertKeepsAnActiveSuperuser(app, target, changes);
      const revoke =
        changes.hashed_password !== undefined ||
        (is_superuser !== undefined && is_superuser !== target.is_superuser) ||
        (is_active !== undefined && is_active !== target.is_active);
      const user = await updateUser(app, target.id, changes, revoke);
      if (!user) throw new HttpError(404, 'The user with this id does not exist in the system');
      return toUserPublic(user);
    },
  );

  app.delete(
    '/users/:id',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (super users)',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: HttpErrorSchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      const target = await app.users.findById(request.params.id);
      if (!target) throw new HttpError(404, 'User not found');
      if (target.id === request.user.id) {
        throw new HttpError(403, 'Super users are not allowed to delete themselves');
      }
      await app.users.delete(target.id);
      return DELETED;
    },
  );
}
