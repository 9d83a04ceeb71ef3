import {
  AuditEventsSchema,
  apiErrors,
  EmailChangeRevertSchema,
  HistoryQuerySchema,
  HttpErrorSchema,
  IdParamsSchema,
  MessageSchema,
  normalizeEmail,
  PasswordChangedSchema,
  UpdatePasswordSchema,
  UserCreateSchema,
  UserPublicSchema,
  UserRegisterSchema,
  UsersListQuerySchema,
  UsersPublicSchema,
  UserUpdateMeSchema,
  UserUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notEnoughPrivileges } from '../http/http-error.js';
import { toUserPublic } from '../http/public-views.js';
import { authLimits } from '../http/rate-limits.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { type Actor, actorOf } from '../services/audit.js';

const DELETED = { message: 'User deleted successfully' };
const EMAIL_CHANGE_UNDONE = {
  message: 'Email change undone: the account has its previous email again and every session was ended',
};

/** Who signs up: the person creating the account, known by the e-mail typed (there is no id yet). */
const newAccountActor = (request: FastifyRequest, email: string): Actor => ({
  type: 'user',
  id: null,
  label: normalizeEmail(email),
  ip: request.ip,
});
const bearer = [{ bearer: [] }];

/** The users endpoints (spec §7). Each handler authorises, then calls one rule of `app.usersService`. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/users/',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: 'List users (super users)',
        description:
          'Newest first (created_at, then id, descending). `is_active` keeps the users of one status. `count` is the ' +
          'total number of users (of that status).',
        security: bearer,
        querystring: UsersListQuerySchema,
        response: { 200: UsersPublicSchema },
      },
    },
    async (request) => {
      const { data, count } = await app.usersRepository.list(
        request.query.skip,
        request.query.limit,
        request.query.is_active,
      );
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
    async (request) => toUserPublic(await app.usersService.create(actorOf(request), request.body)),
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
        description:
          'Only `full_name` and `email` are read; role and status cannot be changed here. A new e-mail is ' +
          'told to the previous address, with a link that undoes the change for 7 days ' +
          '(`POST /users/email-change/revert`); until then nobody else may take the previous address.',
        security: bearer,
        body: UserUpdateMeSchema,
        response: { 200: UserPublicSchema, 409: HttpErrorSchema },
      },
    },
    async (request) =>
      toUserPublic(await app.usersService.updateOwnProfile(actorOf(request), request.user, request.body)),
  );

  app.patch(
    '/users/me/password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Change own password',
        description:
          'Every access token issued before the change stops working; the answer carries a fresh one for this session. ' +
          'Wrong current passwords are slowed as failed logins are: after 5 an hour from one address, 429 with a ' +
          'doubling wait.',
        security: bearer,
        body: UpdatePasswordSchema,
        response: { 200: PasswordChangedSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      const backoff = authLimits(app, request).passwordChangeBackoff(request.user);
      await app.failureBackoff.assertOpen(backoff);
      let user: Awaited<ReturnType<typeof app.usersService.changeOwnPassword>>;
      try {
        user = await app.usersService.changeOwnPassword(actorOf(request), request.user, request.body);
      } catch (error) {
        if (error instanceof HttpError && error.detail === apiErrors.incorrectPassword) {
          await app.failureBackoff.failed(backoff);
        }
        throw error;
      }
      await app.failureBackoff.clear(backoff);
      const accessToken = await app.accessTokens.issue({ userId: user.id, version: user.token_version });
      return { message: 'Password updated successfully', access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/users/email-change/revert',
    {
      schema: {
        tags: ['users'],
        summary: 'Undo an e-mail change (the link mailed to the old address)',
        description:
          'No login needed: the token is the one of the link `PATCH /users/me` mailed to the previous address ' +
          '(single use, valid 7 days). The account gets that e-mail back; every access token, every reset link and ' +
          'the undo links of later e-mail changes stop working (those of earlier changes still work).',
        body: EmailChangeRevertSchema,
        response: { 200: MessageSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      await app.limiter.consume(authLimits(app, request).emailChangeRevertPerClient);
      await app.usersService.revertEmailChange(request.body.token, request.ip);
      return EMAIL_CHANGE_UNDONE;
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
      await app.usersService.deleteOwnAccount(actorOf(request), request.user);
      return DELETED;
    },
  );

  app.post(
    '/users/signup',
    {
      // Turned off, sign-up is refused before its body is even validated.
      onRequest: async () => {
        if (!app.config.signupEnabled) throw new HttpError(403, apiErrors.signupDisabled);
      },
      schema: {
        tags: ['users'],
        summary: 'Create an account (no login needed)',
        description:
          'Reads only `email`, `full_name` and `password`; the account is active and not a super user. ' +
          'Answers 403 when the server runs with SIGNUP_ENABLED=false.',
        body: UserRegisterSchema,
        response: { 200: UserPublicSchema, 400: HttpErrorSchema, 403: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      const limits = authLimits(app, request);
      await app.limiter.consume(limits.signupPerClient, limits.signupPerAccount(normalizeEmail(request.body.email)));
      return toUserPublic(await app.usersService.register(newAccountActor(request, request.body.email), request.body));
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
      return toUserPublic(await app.usersService.get(request.params.id));
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
    async (request) => toUserPublic(await app.usersService.update(actorOf(request), request.params.id, request.body)),
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
      await app.usersService.delete(actorOf(request), request.params.id);
      return DELETED;
    },
  );

  app.get(
    '/users/:id/history',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['users'],
        summary: "A user's history (super users)",
        description:
          'What was recorded about this user, newest first: created, changed (each field old → new; a password only as ' +
          'changed), role and status changes, deleted, sign-ins that worked or failed, password changes and resets. ' +
          'Keyset pages: pass `next_cursor` as `cursor`.',
        security: bearer,
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: AuditEventsSchema, 403: HttpErrorSchema },
      },
    },
    async (request) =>
      app.auditRepository.list(
        { entityType: 'user', entityId: request.params.id },
        request.query.limit,
        request.query.cursor,
      ),
  );
}
