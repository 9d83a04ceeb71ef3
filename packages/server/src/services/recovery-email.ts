import { actionEmailHtml, escapeHtml } from './email-layout.js';
import type { Email } from './mailer.js';

export interface RecoveryEmailInput {
  to: string;
  fullName: string | null;
  link: string;
  validMinutes: number;
  productName: string;
}

/** The password recovery message, in Portuguese, as HTML and plain text. */
export function recoveryEmail({ to, fullName, link, validMinutes, productName }: RecoveryEmailInput): Email {
  const greeting = fullName ? `Olá, ${fullName}!` : 'Olá!';
  const validity = validMinutes % 60 === 0 ? `${validMinutes / 60} hora(s)` : `${validMinutes} minutos`;
  const subject = `${productName} - Recuperação de senha para ${to}`;
  const text = [
    greeting,
    '',
    `Recebemos um pedido para redefinir a senha da conta ${to}.`,
    'Para escolher uma nova senha, abra o link abaixo:',
    '',
    link,
    '',
    `O link vale por ${validity} e só pode ser usado uma vez.`,
    'Se você não pediu a recuperação, ignore este e-mail: a sua senha continua a mesma.',
  ].join('\n');
  const html = actionEmailHtml({
    subject,
    productName,
    intro: [
      escapeHtml(greeting),
      `Recebemos um pedido para redefinir a senha da conta <strong>${escapeHtml(to)}</strong>.`,
    ],
    action: { label: 'Redefinir senha', link },
    notes: [
      `O link vale por ${escapeHtml(validity)} e só pode ser usado uma vez.`,
      '<span style="color:#52525b">Se você não pediu a recuperação, ignore este e-mail: a sua senha continua a mesma.</span>',
    ],
  });
  return { to, subject, html, text };
}
