import { EMAIL_CHANGE_REVERT_DAYS } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { emailChangeNotice } from './email-change-email.js';
import { PRODUCT_NAME } from './email-layout.js';
import type { AccountNotices } from './users-service.js';

/**
 * The account rules' notices, mailed after the answer (a mail server that is slow or down delays no
 * request, and its failure is logged). Links are built from FRONTEND_URL, never from the request's
 * Host header (which a client controls); the link itself is never logged.
 */
export function mailedAccountNotices(app: FastifyInstance): AccountNotices {
  return {
    emailChanged: ({ user, previousEmail, token }) =>
      app.background.run('e-mail change notice could not be sent', async () => {
        const notice = emailChangeNotice({
          oldEmail: previousEmail,
          newEmail: user.email,
          fullName: user.full_name,
          link: `${app.config.frontendUrl}/revert-email-change?token=${encodeURIComponent(token)}`,
          validDays: EMAIL_CHANGE_REVERT_DAYS,
          productName: PRODUCT_NAME,
        });
        await app.mailer.send(notice);
        app.log.info({ to: previousEmail, via: app.mailer.description }, 'e-mail change notice sent');
      }),
  };
}
