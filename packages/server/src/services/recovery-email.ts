import type { Email } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

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
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 16px;font-size:20px;color:#D92534">${escapeHtml(productName)}</h1>
      <p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
      <p style="margin:0 0 12px">Recebemos um pedido para redefinir a senha da conta <strong>${escapeHtml(to)}</strong>.</p>
      <p style="margin:24px 0">
        <a href="${escapeHtml(link)}" style="background:#D92534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Redefinir senha</a>
      </p>
      <p style="margin:0 0 12px;font-size:14px">Se o botão não funcionar, copie este endereço no navegador:<br>
        <a href="${escapeHtml(link)}" style="color:#D92534;word-break:break-all">${escapeHtml(link)}</a></p>
      <p style="margin:0 0 12px;font-size:14px">O link vale por ${escapeHtml(validity)} e só pode ser usado uma vez.</p>
      <p style="margin:0;font-size:14px;color:#52525b">Se você não pediu a recuperação, ignore este e-mail: a sua senha continua a mesma.</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject, html, text };
}
