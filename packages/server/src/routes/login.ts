import {
  apiErrors,
  EMAIL_PATTERN,
  EmailParamsSchema,
  HttpErrorSchema,
  LoginFormSchema,
  MessageSchema,
  NewPasswordSchema,
  normalizeEmail,
  ResetTokenCheckSchema,
  TokenSchema,
  UserPublicSchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { UserRow } from '../db/schema.js';
import { multipartFieldsParser } from '../http/body-parsers.js';
import { HttpError } from '../http/http-error.js';
import { toUserPublic } from '../http/public-views.js';
import { authLimits } from '../http/rate-limits.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { recordEvent } from '../services/audit.js';
import { PRODUCT_NAME } from '../services/email-layout.js';
import { burnPasswordCheck, verifyPassword } from '../services/passwords.js';
import { recoveryEmail } from '../services/recovery-email.js';

/** What the history records of a failed sign-in's e-mail field when it holds no e-mail address. */
export const NOT_AN_EMAIL_LABEL = '(não é um endereço de e-mail)';

/**
 * The e-mail field of a sign-in as the history records it: an address as typed, anything else not at
 * all — people type their password into the wrong field, and the history is read by every super user.
 */
function typedAccount(email: string): string {
  return EMAIL_PATTERN.test(email) ? email.slice(0, 320) : NOT_AN_EMAIL_LABEL;
}

export const RECOVERY_SENT_MESSAGE = 'If that email is registered, we sent a password recovery link';
export const RESET_LINK_USABLE_MESSAGE = 'The reset link can be used';

export default async function loginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  // OAuth2 clients send the password form url-encoded or as multipart/form-data: accept both, with
  // the same answers. Multipart is parsed in this scope only; no other route takes it.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<ValibotTypeProvider>();
    form.addContentTypeParser('multipart/form-data', multipartFieldsParser);
    form.post(
      '/login/access-token',
      {
        schema: {
          tags: ['login'],
          summary: 'Log in with e-mail and password (OAuth2 password form)',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: LoginFormSchema,
          response: { 200: TokenSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
        },
      },
      async (request) => {
        const limits = authLimits(app, request);
        const email = normalizeEmail(request.body.username);
        await app.limiter.consume(limits.loginPerClient);
        const user = await app.usersRepository.findByEmail(email);
        const backoff = limits.loginBackoff(user ?? { email });
        // Before the password is checked: a guesser who must wait learns nothing, right or wrong.
        await app.failureBackoff.assertOpen(backoff.address, backoff.accountAtAddress);

        const passwordMatches = user
          ? await verifyPassword(user.hashed_password, request.body.password)
          : await burnPasswordCheck(request.body.password);
        // On record either way: who tried (the e-mail typed, cut to the column), from where, and whether it worked.
        const attempt = (action: 'user.login' | 'user.login_failed') =>
          recordEvent(app.database.db, {
            action,
            entityId: user?.id ?? null,
            actor: { type: 'user', id: user?.id ?? null, label: typedAccount(email), ip: request.ip },
          });
        if (!user || !passwordMatches) {
          await app.failureBackoff.failed(backoff.address, backoff.accountAtAddress);
          await attempt('user.login_failed');
          throw new HttpError(400, apiErrors.incorrectEmailOrPassword);
        }
        if (!user.is_active) {
          await attempt('user.login_failed');
          throw new HttpError(400, apiErrors.inactiveUser);
        }
        // The address's count stays: one good password of the attacker's own must not buy more guesses elsewhere.
        await app.failureBackoff.clear(backoff.accountAtAddress);
        await attempt('user.login');
        const accessToken = await app.accessTokens.issue({ userId: user.id, version: user.token_version });
        return { access_token: accessToken, token_type: 'bearer' as const };
      },
    );
  });

  app.post(
    '/login/test-token',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['login'],
        summary: 'Check an access token and return its user',
        security: [{ bearer: [] }],
        response: { 200: UserPublicSchema },
      },
    },
    async (request) => toUserPublic(request.user),
  );

  app.post(
    '/password-recovery/:email',
    {
      schema: {
        tags: ['login'],
        summary: 'Send a password recovery e-mail',
        description:
          'Answers the same message whether or not the address has an account (no account enumeration); ' +
          'the e-mail is sent only to an existing, active account.',
        params: EmailParamsSchema,
        response: { 200: MessageSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      const limits = authLimits(app, request);
      const email = normalizeEmail(request.params.email);
      await app.limiter.consume(limits.recoveryPerClient, limits.recoveryPerAccount(email));
      // The same lookup for every address; what only an existing account needs (a token stored, a
      // mail sent) runs after the answer, which therefore takes as long for an unknown address.
      const user = await app.usersRepository.findByEmail(email);
      if (user?.is_active)
        app.background.run('password recovery e-mail could not be sent', () => sendRecoveryEmail(app, user));
      return { message: RECOVERY_SENT_MESSAGE };
    },
  );

  app.post(
    '/reset-password/',
    {
      schema: {
        tags: ['login'],
        summary: 'Set a new password with the token of a recovery e-mail',
        description:
          'Tokens are single use and expire after RESET_TOKEN_EXPIRE_MINUTES. Limited per client address, with ' +
          'the link check (`POST /reset-password/check`): 429 with a `Retry-After`.',
        body: NewPasswordSchema,
        response: { 200: MessageSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      await app.limiter.consume(authLimits(app, request).resetPerClient);
      await app.usersService.resetPassword(request.body.token, request.body.new_password, request.ip);
      return { message: 'Password updated successfully' };
    },
  );

  app.post(
    '/reset-password/check',
    {
      schema: {
        tags: ['login'],
        summary: 'Check that a recovery link still works, without using it',
        description:
          'The reset page asks when it opens, so an expired or used link is said before a password is typed. ' +
          'Counts against the same per-client limit as the reset itself.',
        body: ResetTokenCheckSchema,
        response: { 200: MessageSchema, 400: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request) => {
      await app.limiter.consume(authLimits(app, request).resetPerClient);
      await app.usersService.checkResetToken(request.body.token);
      return { message: RESET_LINK_USABLE_MESSAGE };
    },
  );

  app.post(
    '/password-recovery-html-content/:email',
    {
      preHandler: app.requireSuperuser,
      schema: {
        tags: ['login'],
        summary: 'Preview the password recovery e-mail (HTML) of a user',
        description: 'The preview carries a placeholder link: it creates no usable reset token.',
        security: [{ bearer: [] }],
        params: EmailParamsSchema,
        produces: ['text/html'],
        response: { 200: v.string(), 404: HttpErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await app.usersRepository.findByEmail(normalizeEmail(request.params.email));
      if (!user) throw new HttpError(404, apiErrors.userEmailNotFound);
      const email = buildRecoveryEmail(app, user, 'exemplo-de-token');
      return reply
        .type('text/html; charset=utf-8')
        .serializer((html: unknown) => html as string)
        .send(email.html);
    },
  );
}

function buildRecoveryEmail(app: FastifyInstance, user: UserRow, token: string) {
  // Built from FRONTEND_URL, never from the request's Host header (which a client controls).
  return recoveryEmail({
    to: user.email,
    fullName: user.full_name,
    link: `${app.config.frontendUrl}/reset-password?token=${encodeURIComponent(token)}`,
    validMinutes: app.config.resetTokenExpireMinutes,
    productName: PRODUCT_NAME,
  });
}

/**
 * A new reset link for `user`, stored (hashed) and mailed; logs that it went, never the link: whoever
 * reads the log must not be able to take the account. Without a mail server the outbox's .eml file
 * holds it (mailer.ts).
 */
async function sendRecoveryEmail(app: FastifyInstance, user: UserRow) {
  const token = await app.usersService.issueResetToken(user, app.config.resetTokenExpireMinutes);
  await app.mailer.send(buildRecoveryEmail(app, user, token));
  app.log.info({ to: user.email, via: app.mailer.description }, 'password recovery e-mail sent');
}
