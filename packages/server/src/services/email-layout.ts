/** The frame of the product's e-mails: one column, the product's name, paragraphs, one action button. */

/** The name the product signs its e-mails with, as the app writes it (issue 28: they said "Back office"). */
export const PRODUCT_NAME = 'Back Office';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface ActionEmailHtml {
  subject: string;
  productName: string;
  /** Paragraphs before the button, as HTML (escape what comes from outside). */
  intro: string[];
  action: { label: string; link: string };
  /** Smaller paragraphs after the button, as HTML. */
  notes: string[];
}

/** The HTML of a message that asks for one action through a link (Portuguese, pt-BR). */
export function actionEmailHtml({ subject, productName, intro, action, notes }: ActionEmailHtml): string {
  const link = escapeHtml(action.link);
  const paragraph = (html: string) => `      <p style="margin:0 0 12px">${html}</p>`;
  const note = (html: string) => `      <p style="margin:0 0 12px;font-size:14px">${html}</p>`;
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 16px;font-size:20px;color:#D92534">${escapeHtml(productName)}</h1>
${intro.map(paragraph).join('\n')}
      <p style="margin:24px 0">
        <a href="${link}" style="background:#D92534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a>
      </p>
      <p style="margin:0 0 12px;font-size:14px">Se o botão não funcionar, copie este endereço no navegador:<br>
        <a href="${link}" style="color:#D92534;word-break:break-all">${link}</a></p>
${notes.map(note).join('\n')}
    </td></tr>
  </table>
</body>
</html>`;
}
