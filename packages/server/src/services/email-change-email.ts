import { actionEmailHtml, escapeHtml } from './email-layout.js';
import type { Email } from './mailer.js';

export interface EmailChangeNoticeInput {
  /** The address the account had: the notice goes there, not to the new one. */
  oldEmail: string;
  newEmail: string;
  fullName: string | null;
  /** `{FRONTEND_URL}/revert-email-change?token=…` */
  link: string;
  validDays: number;
  productName: string;
}

/**
 * The notice mailed to the old address when an account's e-mail changes, in Portuguese: what changed,
 * and a link that undoes it (the owner's way back if someone else made the change with a stolen session).
 */
export function emailChangeNotice({
  oldEmail,
  newEmail,
  fullName,
  link,
  validDays,
  productName,
}: EmailChangeNoticeInput): Email {
  const greeting = fullName ? `Olá, ${fullName}!` : 'Olá!';
  const subject = `${productName} - O e-mail da sua conta foi alterado`;
  const changed = (from: string, to: string) => `O e-mail da conta ${from} foi alterado para ${to}.`;
  const ifYou = 'Se foi você, não é preciso fazer nada.';
  const ifNotYou =
    'Se não foi você, desfaça a alteração pelo link abaixo: a conta volta para este e-mail e todas as sessões abertas são encerradas.';
  const validity = `O link vale por ${validDays} dias e só pode ser usado uma vez.`;
  const afterwards = 'Depois, se não souber a senha atual, use "Esqueceu a senha?" na página de login.';
  const text = [greeting, '', changed(oldEmail, newEmail), ifYou, ifNotYou, '', link, '', validity, afterwards].join(
    '\n',
  );
  const html = actionEmailHtml({
    subject,
    productName,
    intro: [
      escapeHtml(greeting),
      `O e-mail da conta <strong>${escapeHtml(oldEmail)}</strong> foi alterado para <strong>${escapeHtml(newEmail)}</strong>.`,
      escapeHtml(ifYou),
      escapeHtml(ifNotYou),
    ],
    action: { label: 'Desfazer a alteração', link },
    notes: [escapeHtml(validity), escapeHtml(afterwards)],
  });
  return { to: oldEmail, subject, html, text };
}
